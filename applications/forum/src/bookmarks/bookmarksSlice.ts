import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import { toApiError } from "@library/src/api/apiError";
import {
  LoadStatus,
  loading,
  pending,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import { putBookmark } from "./bookmarksApi";

interface BookmarksState {
  bookmarkedByID: Record<number, boolean>;
  /** The bookmark request per discussion; the toggle is disabled while LOADING. */
  bookmarkByID: Record<number, Loadable<boolean>>;
}

const initialState: BookmarksState = { bookmarkedByID: {}, bookmarkByID: {} };

export interface BookmarkArgs {
  discussionID: number;
  /** The new value: the opposite of the current one. */
  bookmarked: boolean;
}

/** SPEC 4 optimistic bookmarking: the flag flips at once and flips back on failure. */
export const toggleBookmark = createAppThunk<boolean, BookmarkArgs>(
  "bookmarks/bookmarkToggled",
  async ({ discussionID, bookmarked }, { rejectWithValue }) => {
    try {
      return await putBookmark(discussionID, bookmarked);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: ({ discussionID }, { getState }) =>
      selectBookmarkRequest(getState(), discussionID).status !== LoadStatus.LOADING,
  },
);

export const bookmarksSlice = createSlice({
  name: "bookmarks",
  initialState,
  reducers: {
    /** Seeds a discussion's state from the page's props (kept when the store already knows it). */
    bookmarkReceived(state, action: PayloadAction<{ discussionID: number; bookmarked: boolean }>) {
      state.bookmarkedByID[action.payload.discussionID] ??= action.payload.bookmarked;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(toggleBookmark.pending, (state, action) => {
        const { discussionID, bookmarked } = action.meta.arg;
        state.bookmarkedByID[discussionID] = bookmarked;
        state.bookmarkByID[discussionID] = loading<boolean>();
      })
      .addCase(toggleBookmark.fulfilled, (state, action) => {
        const { discussionID } = action.meta.arg;
        state.bookmarkedByID[discussionID] = action.payload;
        state.bookmarkByID[discussionID] = success(action.payload);
      })
      .addCase(toggleBookmark.rejected, (state, action) => {
        if (action.meta.condition) return;
        const { discussionID, bookmarked } = action.meta.arg;
        state.bookmarkedByID[discussionID] = !bookmarked;
        state.bookmarkByID[discussionID] = toError<boolean>(action.payload ?? toApiError(action.error));
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof bookmarksSlice> {}
}

export const injectedBookmarksSlice = bookmarksSlice.injectInto(rootReducer);
export const { bookmarkReceived } = bookmarksSlice.actions;

const IDLE: Loadable<boolean> = pending();

export function selectBookmarked(state: RootState, discussionID: number): boolean | undefined {
  return injectedBookmarksSlice.selectSlice(state).bookmarkedByID[discussionID];
}

export function selectBookmarkRequest(state: RootState, discussionID: number): Loadable<boolean> {
  return injectedBookmarksSlice.selectSlice(state).bookmarkByID[discussionID] ?? IDLE;
}
