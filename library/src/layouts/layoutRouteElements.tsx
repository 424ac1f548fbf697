import { useRef } from "react";
import { useLocation } from "react-router";
import type { RouteObject } from "react-router";
import { LAYOUT_ROUTES, layoutQueryForPath } from "@forum/api/layoutRoutes";
import { getBootstrap, getConfig } from "@library/src/bootstrap/bootstrap";
import type { LayoutQuery } from "@forum/api/layouts";
import { LayoutPage } from "@library/src/layouts/LayoutPage";
import { layoutQueryKey } from "@library/src/layouts/layoutQuery";
import { NotFoundPage } from "@library/src/routing/NotFoundPage";
import { layoutQueryInPageSection } from "@library/src/routing/siteSection";

/** The query of a site section's page asks for its layout (SPEC 2); none stays none. */
function inSection(query: LayoutQuery | null): LayoutQuery | null {
  return query && layoutQueryInPageSection(query);
}

/**
 * Navigation state of an address change a widget made itself (a list paging in place): the layout stays, the
 * widget already shows the new data.
 */
export const PAGED_IN_WIDGET_STATE = "pagedInWidget";

/** The layout page of the current address (the query is built exactly as the server builds it). */
export function LayoutRoutePage() {
  const location = useLocation();
  const previous = useRef<LayoutQuery | null>(null);
  const pagedInWidget = (location.state as Record<string, unknown> | null)?.[PAGED_IN_WIDGET_STATE] === true;
  const query =
    pagedInWidget && previous.current
      ? previous.current
      : inSection(layoutQueryForPath(location.pathname, location.search, getBootstrap().locale));
  previous.current = query;
  if (!query) return <NotFoundPage />;
  return <LayoutPage key={layoutQueryKey(query)} query={query} />;
}

/** Routes whose `customLayout.*` flag is on (all default off, SPEC 2); the others stay server-rendered pages. */
export function layoutRoutes(): RouteObject[] {
  return Object.values(LAYOUT_ROUTES)
    .filter((route) => getConfig<boolean>(route.flag, false))
    .flatMap((route) => route.patterns.map((path) => ({ path, element: <LayoutRoutePage /> })));
}
