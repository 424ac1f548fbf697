import { useLocation } from "react-router";
import type { RouteObject } from "react-router";
import { LAYOUT_ROUTES, layoutQueryForPath } from "@forum/api/layoutRoutes";
import { getBootstrap, getConfig } from "@library/src/bootstrap/bootstrap";
import { LayoutPage } from "@library/src/layouts/LayoutPage";
import { NotFoundPage } from "@library/src/routing/NotFoundPage";

/** The layout page of the current address (the query is built exactly as the server builds it). */
export function LayoutRoutePage() {
  const location = useLocation();
  const query = layoutQueryForPath(location.pathname, location.search, getBootstrap().locale);
  if (!query) return <NotFoundPage />;
  return <LayoutPage key={`${location.pathname}${location.search}`} query={query} />;
}

/** Routes whose `customLayout.*` flag is on (all default off, SPEC 2); the others stay server-rendered pages. */
export function layoutRoutes(): RouteObject[] {
  return Object.values(LAYOUT_ROUTES)
    .filter((route) => getConfig<boolean>(route.flag, false))
    .flatMap((route) => route.patterns.map((path) => ({ path, element: <LayoutRoutePage /> })));
}
