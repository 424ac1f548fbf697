import { useEffect, useMemo } from "react";
import { isLayoutRedirect, type LayoutQuery } from "@forum/api/layouts";
import { LoadStatus } from "@library/src/loadable/loadable";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { layoutQueryKey, takeInitialLayout } from "@library/src/layouts/layoutQuery";
import { layoutReceived, loadLayout, selectLayout } from "@library/src/layouts/layoutsSlice";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { ErrorPage } from "@library/src/routing/ErrorPage";
import { replacePage } from "@library/src/routing/pageNavigation";
import { Loader } from "@library/src/ui/Loader/Loader";

/**
 * One page of the single-page app, rendered from its layout (SPEC 4 "Layout fetch"): the layout the server
 * printed into the page on first load, else `GET /layouts/lookup-hydrate`; a loader until it arrives; a
 * `redirectTo` replaces the location; an error shows the error page (the title bar stays, it is outside).
 */
export function LayoutPage({ query }: { query: LayoutQuery }) {
  const dispatch = useAppDispatch();
  const key = layoutQueryKey(query);
  // Read synchronously, so the first render already has the server's layout (no loader flash, no fetch).
  const initial = useMemo(() => takeInitialLayout(query), [key]);
  const stored = useAppSelector((state) => selectLayout(state, query));
  const data = stored.status === LoadStatus.SUCCESS ? stored.data : initial;

  useEffect(() => {
    if (initial) dispatch(layoutReceived({ query, data: initial }));
    else void dispatch(loadLayout(query));
  }, [key]);

  const redirectTo = data && isLayoutRedirect(data) ? data.redirectTo : null;
  useEffect(() => {
    if (redirectTo) replacePage(redirectTo);
  }, [redirectTo]);

  const title = data && !isLayoutRedirect(data) ? data.title : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (stored.status === LoadStatus.ERROR && !data) return <ErrorPage error={stored.error} />;
  if (!data || isLayoutRedirect(data)) return <Loader size="fullPage" />;
  return (
    <div className="layoutPage" data-layout-view-type={data.layoutViewType}>
      <LayoutRenderer nodes={data.layout} />
    </div>
  );
}
