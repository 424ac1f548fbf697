import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import type { CategoryFragment } from "@forum/api/categories";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";

/** What the bulk actions need to know about a checked discussion (kept while other pages show). */
export interface SelectedDiscussion {
  discussionID: number;
  name: string;
  categoryID: number;
  categoryName: string | null;
  closed: boolean;
}

export type BulkActionKind = "move" | "merge" | "close" | "delete";

/** What a finished bulk action changed, shown on every list until the page reloads (SPEC 4). */
export interface DiscussionChange {
  removed?: true;
  closed?: true;
  categoryID?: number;
  category?: CategoryFragment;
}

interface BulkSelectionState {
  /** Checked discussions, in the order they were checked. */
  selected: SelectedDiscussion[];
  /** Ids a running action works on: unchecked, not yet done. */
  pending: number[];
  changes: Record<number, DiscussionChange>;
  /** The bulk modal open now. */
  openAction: BulkActionKind | null;
}

const initialState: BulkSelectionState = { selected: [], pending: [], changes: {}, openAction: null };

/**
 * Bulk selection of SPEC 4: checked discussions join the selection; when an action starts they become pending
 * and unchecked; on error they are checked again and leave pending; on success they leave pending and the
 * change (removed, moved, closed) is recorded for every list.
 */
export const bulkSelectionSlice = createSlice({
  name: "bulkSelection",
  initialState,
  reducers: {
    discussionToggled(state, action: PayloadAction<SelectedDiscussion>) {
      const index = state.selected.findIndex((item) => item.discussionID === action.payload.discussionID);
      if (index >= 0) state.selected.splice(index, 1);
      else state.selected.push(action.payload);
    },
    selectionCleared(state) {
      state.selected = [];
      state.openAction = null;
    },
    actionOpened(state, action: PayloadAction<BulkActionKind>) {
      state.openAction = action.payload;
    },
    actionClosed(state) {
      state.openAction = null;
    },
    actionStarted(state, action: PayloadAction<number[]>) {
      state.pending = [...new Set([...state.pending, ...action.payload])];
      state.selected = state.selected.filter((item) => !action.payload.includes(item.discussionID));
      state.openAction = null;
    },
    actionFailed(state, action: PayloadAction<SelectedDiscussion[]>) {
      const ids = action.payload.map((item) => item.discussionID);
      state.pending = state.pending.filter((id) => !ids.includes(id));
      for (const item of action.payload)
        if (!state.selected.some((selected) => selected.discussionID === item.discussionID))
          state.selected.push(item);
    },
    actionSucceeded(state, action: PayloadAction<{ ids: number[]; change: DiscussionChange }>) {
      state.pending = state.pending.filter((id) => !action.payload.ids.includes(id));
      for (const id of action.payload.ids)
        state.changes[id] = { ...state.changes[id], ...action.payload.change };
    },
  },
});

export const {
  discussionToggled,
  selectionCleared,
  actionOpened,
  actionClosed,
  actionStarted,
  actionFailed,
  actionSucceeded,
} = bulkSelectionSlice.actions;

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof bulkSelectionSlice> {}
}

export const injectedBulkSelectionSlice = bulkSelectionSlice.injectInto(rootReducer);

export const selectBulkSelection = (state: RootState): BulkSelectionState =>
  injectedBulkSelectionSlice.selectSlice(state);
