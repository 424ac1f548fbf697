import { createSlice, type WithSlice } from "@reduxjs/toolkit";
import { toApiError } from "@library/src/api/apiError";
import {
  loading,
  pending,
  shouldFetch,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import {
  getDiscussionListPage,
  type DiscussionListPage,
} from "@applications/forum/src/layouts/discussionListApi";
import {
  discussionListQueryHash,
  type DiscussionListParams,
} from "@applications/forum/src/layouts/discussionListQuery";

/** Pages of `DiscussionListModule` lists fetched after the layout's first page, keyed by query hash. */
interface DiscussionListState {
  listsByQueryHash: Record<string, Loadable<DiscussionListPage>>;
  /** The request whose answer a key is waiting for: an answer from any other request is stale. */
  requestIDByQueryHash: Record<string, string>;
}

const initialState: DiscussionListState = { listsByQueryHash: {}, requestIDByQueryHash: {} };

export const fetchDiscussionList = createAppThunk<DiscussionListPage, DiscussionListParams>(
  "discussionList/listFetched",
  async (params, { rejectWithValue }) => {
    try {
      return await getDiscussionListPage(params);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  { condition: (params, { getState }) => shouldFetch(selectDiscussionList(getState(), params)) },
);

export const discussionListSlice = createSlice({
  name: "discussionList",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchDiscussionList.pending, (state, action) => {
        const key = discussionListQueryHash(action.meta.arg);
        state.requestIDByQueryHash[key] = action.meta.requestId;
        state.listsByQueryHash[key] = loading<DiscussionListPage>(state.listsByQueryHash[key]);
      })
      .addCase(fetchDiscussionList.fulfilled, (state, action) => {
        const key = discussionListQueryHash(action.meta.arg);
        if (state.requestIDByQueryHash[key] !== action.meta.requestId) return;
        delete state.requestIDByQueryHash[key];
        state.listsByQueryHash[key] = success(action.payload);
      })
      .addCase(fetchDiscussionList.rejected, (state, action) => {
        const key = discussionListQueryHash(action.meta.arg);
        if (state.requestIDByQueryHash[key] !== action.meta.requestId) return;
        delete state.requestIDByQueryHash[key];
        state.listsByQueryHash[key] = toError<DiscussionListPage>(
          action.payload ?? toApiError(action.error),
          state.listsByQueryHash[key],
        );
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof discussionListSlice> {}
}

export const injectedDiscussionListSlice = discussionListSlice.injectInto(rootReducer);

/** One shared "nothing yet" value, so a selector on a missing key returns the same reference every time. */
const NOT_LOADED: Loadable<DiscussionListPage> = pending();

export function selectDiscussionList(
  state: RootState,
  params: DiscussionListParams,
): Loadable<DiscussionListPage> {
  return (
    injectedDiscussionListSlice.selectSlice(state).listsByQueryHash[discussionListQueryHash(params)] ??
    NOT_LOADED
  );
}
