import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import type { Rich2Quote } from "@forum/api/rich2";
import { toApiError } from "@library/src/api/apiError";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import { getQuote, type PostRecordType } from "./postsApi";

/**
 * How PostActions talks to the page's CommentComposer (they are separate widgets): Quote and Reply queue a
 * request here, keyed by discussion; the composer (lazy, so perhaps not mounted yet) applies and acknowledges
 * each request once its editor exists. A queue rather than an event, so nothing is lost while the editor loads.
 */
export type ComposerRequest =
  | { id: number; kind: "quote"; quote: Rich2Quote }
  | { id: number; kind: "focus" }
  | { id: number; kind: "reply"; to: ReplyTarget };

/** The comment a flat-view reply answers: its author (mentioned) and its permalink (linked back). */
export interface ReplyTarget {
  userID: number;
  name: string;
  url: string;
}

interface ComposerState {
  nextID: number;
  requestsByDiscussion: Record<number, ComposerRequest[]>;
}

const initialState: ComposerState = { nextID: 1, requestsByDiscussion: {} };

export interface QuoteArgs {
  recordType: PostRecordType;
  recordID: number;
  discussionID: number;
}

/** Fetch a post's quote (`GET …/quote`) and queue the rich2 quote node for the discussion's composer. */
export const requestQuote = createAppThunk<Rich2Quote, QuoteArgs>(
  "composer/quoteRequested",
  async ({ recordType, recordID }, { rejectWithValue }) => {
    try {
      // The body tools (and their sanitizer) load with the first quote, not with every page's post actions.
      const [quote, { quoteNode }] = await Promise.all([
        getQuote(recordType, recordID),
        import("./postBodies"),
      ]);
      return quoteNode(quote);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

export const composerSlice = createSlice({
  name: "composer",
  initialState,
  reducers: {
    focusRequested(state, action: PayloadAction<{ discussionID: number }>) {
      (state.requestsByDiscussion[action.payload.discussionID] ??= []).push({
        id: state.nextID++,
        kind: "focus",
      });
    },
    /** Flat view's Reply on a comment: the composer mentions its author and says whom it answers. */
    replyRequested(state, action: PayloadAction<{ discussionID: number; to: ReplyTarget }>) {
      (state.requestsByDiscussion[action.payload.discussionID] ??= []).push({
        id: state.nextID++,
        kind: "reply",
        to: action.payload.to,
      });
    },
    requestsHandled(state, action: PayloadAction<{ discussionID: number; ids: number[] }>) {
      const { discussionID, ids } = action.payload;
      const remaining = (state.requestsByDiscussion[discussionID] ?? []).filter(
        (request) => !ids.includes(request.id),
      );
      if (remaining.length > 0) state.requestsByDiscussion[discussionID] = remaining;
      else delete state.requestsByDiscussion[discussionID];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(requestQuote.fulfilled, (state, action) => {
      (state.requestsByDiscussion[action.meta.arg.discussionID] ??= []).push({
        id: state.nextID++,
        kind: "quote",
        quote: action.payload,
      });
    });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof composerSlice> {}
}

export const injectedComposerSlice = composerSlice.injectInto(rootReducer);
export const { focusRequested, replyRequested, requestsHandled } = composerSlice.actions;

const NO_REQUESTS: ComposerRequest[] = [];

export function selectComposerRequests(state: RootState, discussionID: number): ComposerRequest[] {
  return injectedComposerSlice.selectSlice(state).requestsByDiscussion[discussionID] ?? NO_REQUESTS;
}
