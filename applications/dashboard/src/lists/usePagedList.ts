import { useCallback, useEffect, useMemo } from "react";
import type { Loadable } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { fetchPagedList, selectPagedList, type PagedRows } from "./pagedListSlice";

/**
 * One page of an admin list, fetched when first shown. The row type is the caller's (the API schema of the
 * list); `reload` fetches the page again (after a retry, say).
 */
export function usePagedList<T>(
  path: string,
  params: Record<string, string | number>,
): { list: Loadable<PagedRows<T>>; reload: () => void } {
  const dispatch = useAppDispatch();
  const paramsKey = JSON.stringify(params);
  // Keyed by value, so a new object with the same query does not refetch.
  const stableParams = useMemo(() => JSON.parse(paramsKey) as Record<string, string | number>, [paramsKey]);
  const list = useAppSelector((state) => selectPagedList(state, { path, params: stableParams }));
  useEffect(() => {
    void dispatch(fetchPagedList({ path, params: stableParams }));
  }, [dispatch, path, stableParams]);
  const reload = useCallback(() => {
    void dispatch(fetchPagedList({ path, params: stableParams, force: true }));
  }, [dispatch, path, stableParams]);
  return { list: list as Loadable<PagedRows<T>>, reload };
}
