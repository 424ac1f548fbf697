import { createSlice, type WithSlice } from "@reduxjs/toolkit";
import type { Conversation, Message } from "../../api/conversationsApi";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import {
  LoadStatus,
  isLoadingOrLoaded,
  loading,
  pending,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import { getConversations, MENU_CONVERSATION_LIMIT, postMessage } from "./conversationsApi";

export interface ConversationsState {
  byID: Record<number, Conversation>;
  /** The latest conversations of the session user (the Messages menu). */
  inbox: Loadable<number[]>;
  inboxRequestID: string | null;
  /** Messages the user sent from this page, by conversation, oldest first. */
  sentByConversation: Record<number, Message[]>;
  /** The latest send per conversation. */
  sendByConversation: Record<number, Loadable<number>>;
}

const initialState: ConversationsState = {
  byID: {},
  inbox: pending(),
  inboxRequestID: null,
  sentByConversation: {},
  sendByConversation: {},
};

function unknownError(message: string | undefined): ApiError {
  return { message: message ?? "Something went wrong.", status: 0, errors: {} };
}

/** The latest conversations, once per page unless `force` (reopening the menu does not refetch). */
export const fetchInbox = createAppThunk(
  "conversations/inboxFetched",
  async (_: { force?: boolean } | undefined, { rejectWithValue }) => {
    try {
      return await getConversations(MENU_CONVERSATION_LIMIT);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (arg, { getState }) => {
      const inbox = injectedConversationsSlice.selectSlice(getState()).inbox;
      return arg?.force ? inbox.status !== LoadStatus.LOADING : !isLoadingOrLoaded(inbox);
    },
  },
);

/** Reply to a conversation (rich2); the sent message is appended for the page to show. */
export const sendMessage = createAppThunk(
  "conversations/messageSent",
  async (arg: { conversationID: number; body: string }, { rejectWithValue }) => {
    try {
      return await postMessage({ conversationID: arg.conversationID, body: arg.body, format: "rich2" });
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

export const conversationsSlice = createSlice({
  name: "conversations",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchInbox.pending, (state, action) => {
        state.inbox = loading<number[]>(state.inbox);
        state.inboxRequestID = action.meta.requestId;
      })
      .addCase(fetchInbox.fulfilled, (state, action) => {
        if (state.inboxRequestID !== action.meta.requestId) return;
        for (const conversation of action.payload) state.byID[conversation.conversationID] = conversation;
        state.inbox = success(action.payload.map((conversation) => conversation.conversationID));
        state.inboxRequestID = null;
      })
      .addCase(fetchInbox.rejected, (state, action) => {
        if (state.inboxRequestID !== action.meta.requestId) return;
        state.inbox = toError<number[]>(action.payload ?? unknownError(action.error.message), state.inbox);
        state.inboxRequestID = null;
      })
      .addCase(sendMessage.pending, (state, action) => {
        state.sendByConversation[action.meta.arg.conversationID] = { status: LoadStatus.LOADING };
      })
      .addCase(sendMessage.fulfilled, (state, action) => {
        const { conversationID } = action.meta.arg;
        (state.sentByConversation[conversationID] ??= []).push(action.payload);
        state.sendByConversation[conversationID] = success(action.payload.messageID);
      })
      .addCase(sendMessage.rejected, (state, action) => {
        state.sendByConversation[action.meta.arg.conversationID] = toError<number>(
          action.payload ?? unknownError(action.error.message),
        );
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof conversationsSlice> {}
}

export const injectedConversationsSlice = conversationsSlice.injectInto(rootReducer);

const NO_MESSAGES: Message[] = [];

export function selectInbox(state: RootState): Loadable<number[]> {
  return injectedConversationsSlice.selectSlice(state).inbox;
}

export function selectConversationByID(state: RootState, conversationID: number): Conversation | undefined {
  return injectedConversationsSlice.selectSlice(state).byID[conversationID];
}

export function selectSentMessages(state: RootState, conversationID: number): Message[] {
  return injectedConversationsSlice.selectSlice(state).sentByConversation[conversationID] ?? NO_MESSAGES;
}
