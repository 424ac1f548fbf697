import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import type { ReactionLogEntry, ReactionRecordType, ReactionSummaryItem } from "@forum/api/reactions";
import { toApiError } from "@library/src/api/apiError";
import {
  LoadStatus,
  loading,
  pending,
  shouldFetch,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import { deleteOwnReaction, getReactionLog, postReaction } from "./reactionsApi";
import { reactionRecordKey, toggleReaction } from "./reactionToggle";

export interface RecordReactions {
  reactions: ReactionSummaryItem[];
  score: number;
}

interface ReactionsState {
  byRecord: Record<string, RecordReactions>;
  /** The toggle in flight (or last finished) per record; the bar is disabled while LOADING. */
  toggleByRecord: Record<string, Loadable<null>>;
  /** What a record looked like before its optimistic toggle, to revert to on failure. */
  revertByRecord: Record<string, RecordReactions>;
  logByRecord: Record<string, Loadable<ReactionLogEntry[]>>;
}

const initialState: ReactionsState = {
  byRecord: {},
  toggleByRecord: {},
  revertByRecord: {},
  logByRecord: {},
};

export interface ReactionRecordRef {
  recordType: ReactionRecordType;
  recordID: number;
}

export interface ToggleReactionArgs extends ReactionRecordRef {
  urlcode: string;
}

const keyOf = (ref: ReactionRecordRef) => reactionRecordKey(ref.recordType, ref.recordID);

/**
 * React with a type, or take the reaction back when it is already the user's (SPEC 4). The change shows at once
 * and reverts on failure; one toggle per record at a time.
 */
export const toggleRecordReaction = createAppThunk<ReactionSummaryItem[] | null, ToggleReactionArgs>(
  "reactions/reactionToggled",
  async (args, { getState, rejectWithValue }) => {
    const before = injectedReactionsSlice.selectSlice(getState()).revertByRecord[keyOf(args)];
    const wasReacted = before?.reactions.find((item) => item.urlcode === args.urlcode)?.hasReacted ?? false;
    try {
      if (wasReacted) {
        await deleteOwnReaction(args.recordType, args.recordID);
        return null;
      }
      return await postReaction(args.recordType, args.recordID, args.urlcode);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (args, { getState }) =>
      selectReactionToggle(getState(), args.recordType, args.recordID).status !== LoadStatus.LOADING,
  },
);

/** Who reacted to a record (reactions.view), for the tooltips and the log. */
export const fetchReactionLog = createAppThunk<ReactionLogEntry[], ReactionRecordRef>(
  "reactions/logLoaded",
  async ({ recordType, recordID }, { rejectWithValue }) => {
    try {
      return await getReactionLog(recordType, recordID);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (ref, { getState }) =>
      shouldFetch(selectReactionLog(getState(), ref.recordType, ref.recordID)),
  },
);

export const reactionsSlice = createSlice({
  name: "reactions",
  initialState,
  reducers: {
    /** Seeds a record from the page's props (kept when the store already knows it). */
    reactionsReceived(state, action: PayloadAction<ReactionRecordRef & RecordReactions>) {
      const key = keyOf(action.payload);
      state.byRecord[key] ??= { reactions: action.payload.reactions, score: action.payload.score };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(toggleRecordReaction.pending, (state, action) => {
        const key = keyOf(action.meta.arg);
        const current = state.byRecord[key];
        state.toggleByRecord[key] = loading<null>();
        if (!current) return;
        state.revertByRecord[key] = { reactions: current.reactions, score: current.score };
        const toggled = toggleReaction(current.reactions, action.meta.arg.urlcode);
        state.byRecord[key] = { reactions: toggled.reactions, score: current.score + toggled.scoreDelta };
      })
      .addCase(toggleRecordReaction.fulfilled, (state, action) => {
        const key = keyOf(action.meta.arg);
        const current = state.byRecord[key];
        if (current && action.payload) current.reactions = action.payload;
        state.toggleByRecord[key] = success(null);
        delete state.revertByRecord[key];
        delete state.logByRecord[key];
      })
      .addCase(toggleRecordReaction.rejected, (state, action) => {
        // A refused condition never started: nothing to revert and nothing to report.
        if (action.meta.condition) return;
        const key = keyOf(action.meta.arg);
        const previous = state.revertByRecord[key];
        if (previous) state.byRecord[key] = previous;
        delete state.revertByRecord[key];
        state.toggleByRecord[key] = toError<null>(action.payload ?? toApiError(action.error));
      })
      .addCase(fetchReactionLog.pending, (state, action) => {
        const key = keyOf(action.meta.arg);
        state.logByRecord[key] = loading<ReactionLogEntry[]>(state.logByRecord[key]);
      })
      .addCase(fetchReactionLog.fulfilled, (state, action) => {
        state.logByRecord[keyOf(action.meta.arg)] = success(action.payload);
      })
      .addCase(fetchReactionLog.rejected, (state, action) => {
        const key = keyOf(action.meta.arg);
        state.logByRecord[key] = toError<ReactionLogEntry[]>(
          action.payload ?? toApiError(action.error),
          state.logByRecord[key],
        );
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof reactionsSlice> {}
}

export const injectedReactionsSlice = reactionsSlice.injectInto(rootReducer);
export const { reactionsReceived } = reactionsSlice.actions;

const IDLE: Loadable<null> = pending();
const NO_LOG: Loadable<ReactionLogEntry[]> = pending();

export function selectRecordReactions(
  state: RootState,
  recordType: ReactionRecordType,
  recordID: number,
): RecordReactions | undefined {
  return injectedReactionsSlice.selectSlice(state).byRecord[reactionRecordKey(recordType, recordID)];
}

export function selectReactionToggle(
  state: RootState,
  recordType: ReactionRecordType,
  recordID: number,
): Loadable<null> {
  return (
    injectedReactionsSlice.selectSlice(state).toggleByRecord[reactionRecordKey(recordType, recordID)] ?? IDLE
  );
}

export function selectReactionLog(
  state: RootState,
  recordType: ReactionRecordType,
  recordID: number,
): Loadable<ReactionLogEntry[]> {
  return (
    injectedReactionsSlice.selectSlice(state).logByRecord[reactionRecordKey(recordType, recordID)] ?? NO_LOG
  );
}
