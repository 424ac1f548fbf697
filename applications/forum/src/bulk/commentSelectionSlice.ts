import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";

/** What the comment actions need to know about a checked comment. */
export interface SelectedComment {
  commentID: number;
  discussionID: number;
  categoryID: number;
  /** 'Comment 2 by Alice': the progress dialog names a failed comment by it. */
  label: string;
}

export type CommentActionKind = "split" | "delete";

interface CommentSelectionState {
  /** Checked comments, in the order they were checked. */
  selected: SelectedComment[];
  /** Ids a running action works on: unchecked, not yet done. */
  pending: number[];
  /** Comments split off or deleted: they leave the page. */
  removed: number[];
  openAction: CommentActionKind | null;
}

const initialState: CommentSelectionState = { selected: [], pending: [], removed: [], openAction: null };

/**
 * The comment selection of a discussion page, kept as the discussion list's (SPEC 4): checked comments become
 * pending and unchecked when an action starts; on error they are checked again; on success they leave the page.
 */
export const commentSelectionSlice = createSlice({
  name: "commentSelection",
  initialState,
  reducers: {
    commentToggled(state, action: PayloadAction<SelectedComment>) {
      const index = state.selected.findIndex((item) => item.commentID === action.payload.commentID);
      if (index >= 0) state.selected.splice(index, 1);
      else state.selected.push(action.payload);
    },
    commentSelectionCleared(state) {
      state.selected = [];
      state.openAction = null;
    },
    commentActionOpened(state, action: PayloadAction<CommentActionKind>) {
      state.openAction = action.payload;
    },
    commentActionClosed(state) {
      state.openAction = null;
    },
    commentActionStarted(state, action: PayloadAction<number[]>) {
      state.pending = [...new Set([...state.pending, ...action.payload])];
      state.selected = state.selected.filter((item) => !action.payload.includes(item.commentID));
      state.openAction = null;
    },
    commentActionFailed(state, action: PayloadAction<SelectedComment[]>) {
      const ids = action.payload.map((item) => item.commentID);
      state.pending = state.pending.filter((id) => !ids.includes(id));
      for (const item of action.payload)
        if (!state.selected.some((selected) => selected.commentID === item.commentID))
          state.selected.push(item);
    },
    commentsRemoved(state, action: PayloadAction<number[]>) {
      state.pending = state.pending.filter((id) => !action.payload.includes(id));
      state.removed = [...new Set([...state.removed, ...action.payload])];
    },
  },
});

export const {
  commentToggled,
  commentSelectionCleared,
  commentActionOpened,
  commentActionClosed,
  commentActionStarted,
  commentActionFailed,
  commentsRemoved,
} = commentSelectionSlice.actions;

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof commentSelectionSlice> {}
}

export const injectedCommentSelectionSlice = commentSelectionSlice.injectInto(rootReducer);

export const selectCommentSelection = (state: RootState): CommentSelectionState =>
  injectedCommentSelectionSlice.selectSlice(state);
