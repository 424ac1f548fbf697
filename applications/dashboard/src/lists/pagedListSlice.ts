import { createSlice, type WithSlice } from "@reduxjs/toolkit";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError } from "@library/src/api/apiError";
import { pagingFromHeaders, type Paging } from "@library/src/api/paging";
import { addKeyedLoadableCases } from "@library/src/loadable/keyedLoadableCases";
import { LoadStatus, pending, type Loadable } from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";

/** One page of an admin list (mail outbox, jobs, audit log) with its paging headers. */
export interface PagedRows<T = unknown> {
  rows: T[];
  paging: Paging;
}

export interface PagedListArgs {
  /** API path relative to /api/v2/, e.g. `jobs`. */
  path: string;
  params: Record<string, string | number>;
}

/** The store key of one list page: path plus its sorted query. */
export function pagedListKey({ path, params }: PagedListArgs): string {
  const query = Object.keys(params)
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join("&");
  return `${path}?${query}`;
}

interface PagedListsState {
  byKey: Record<string, Loadable<PagedRows>>;
}

const initialState: PagedListsState = { byKey: {} };

/** Fetches one page; a page already loading is not fetched twice. `force` refetches a loaded page. */
export const fetchPagedList = createAppThunk<PagedRows, PagedListArgs & { force?: boolean }>(
  "dashboardLists/pageRequested",
  async ({ path, params }, { rejectWithValue }) => {
    try {
      const response = await apiv2.get<unknown[]>(path, { params });
      return { rows: response.data, paging: pagingFromHeaders(response.headers) };
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (args, { getState }) => {
      const current = selectPagedList(getState(), args);
      if (current.status === LoadStatus.LOADING) return false;
      return args.force === true || current.status !== LoadStatus.SUCCESS;
    },
  },
);

export const pagedListsSlice = createSlice({
  name: "dashboardLists",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addKeyedLoadableCases(builder, fetchPagedList, (state) => state.byKey, pagedListKey);
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof pagedListsSlice> {}
}

export const injectedPagedListsSlice = pagedListsSlice.injectInto(rootReducer);

const IDLE: Loadable<PagedRows> = pending();

export function selectPagedList(state: RootState, args: PagedListArgs): Loadable<PagedRows> {
  return injectedPagedListsSlice.selectSlice(state).byKey[pagedListKey(args)] ?? IDLE;
}
