import { createSlice, type WithSlice } from "@reduxjs/toolkit";
import type { LayoutQuery, LayoutResponse } from "@forum/api/layouts";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { fetchLayout } from "@library/src/layouts/layoutsApi";
import { layoutQueryKey } from "@library/src/layouts/layoutQuery";
import {
  loading,
  pending,
  shouldFetch,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { componentNamesIn, loadComponents } from "@library/src/registry/componentRegistry";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";

interface LayoutsState {
  byQuery: Record<string, Loadable<LayoutResponse>>;
}

const initialState: LayoutsState = { byQuery: {} };

export const loadLayout = createAppThunk<LayoutResponse, LayoutQuery>(
  "layouts/layoutLoaded",
  async (query, { rejectWithValue }) => {
    try {
      const layout = await fetchLayout(query);
      // The page's lazily registered widgets arrive with it, so it renders whole (docs/lazy-widgets.md).
      await loadComponents(componentNamesIn(layout));
      return layout;
    } catch (error) {
      return rejectWithValue(toApiError(error) satisfies ApiError);
    }
  },
  { condition: (query, { getState }) => shouldFetch(selectLayout(getState(), query)) },
);

export const layoutsSlice = createSlice({
  name: "layouts",
  initialState,
  reducers: {
    layoutReceived(state, action: { payload: { query: LayoutQuery; data: LayoutResponse } }) {
      state.byQuery[layoutQueryKey(action.payload.query)] = success(action.payload.data);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadLayout.pending, (state, action) => {
        const key = layoutQueryKey(action.meta.arg);
        state.byQuery[key] = loading<LayoutResponse>(state.byQuery[key]);
      })
      .addCase(loadLayout.fulfilled, (state, action) => {
        state.byQuery[layoutQueryKey(action.meta.arg)] = success(action.payload);
      })
      .addCase(loadLayout.rejected, (state, action) => {
        const key = layoutQueryKey(action.meta.arg);
        state.byQuery[key] = toError<LayoutResponse>(
          action.payload ?? toApiError(action.error),
          state.byQuery[key],
        );
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof layoutsSlice> {}
}

export const injectedLayoutsSlice = layoutsSlice.injectInto(rootReducer);
export const { layoutReceived } = layoutsSlice.actions;

const NOT_REQUESTED: Loadable<LayoutResponse> = pending();

export function selectLayout(state: RootState, query: LayoutQuery): Loadable<LayoutResponse> {
  return injectedLayoutsSlice.selectSlice(state).byQuery[layoutQueryKey(query)] ?? NOT_REQUESTED;
}
