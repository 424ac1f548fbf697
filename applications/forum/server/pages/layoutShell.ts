import type { FastifyReply, FastifyRequest } from "fastify";
import {
  LAYOUT_ROUTES,
  layoutQueryForPath,
  layoutQueryInSection,
  type LayoutRoute,
} from "@forum/api/layoutRoutes";
import { isLayoutRedirect, type InitialLayout } from "@forum/api/layouts";
import type { AppContext } from "@library/server/app/appContext";
import { requestSiteSection } from "@library/server/http/siteSections";
import { html } from "@library/server/pages/html";
import { renderPageTreeHtml } from "@library/server/pages/pageTreeHtml";
import { forumNodeHtml } from "../pageTrees/forumNodeHtml";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { pageTreeForQuery } from "../pageTrees/pageTreeForQuery";

/**
 * When the route's `customLayout.*` flag is on, the page is the single-page app: the title bar, `<div id="app">`,
 * the forum bundle, and the first layout printed with exactly the query the client will build (API.md 17), so
 * it is not fetched twice. Returns false (and sends nothing) when the flag is off.
 */
export async function sendLayoutPageIfEnabled(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flag: LayoutRoute["flag"],
): Promise<boolean> {
  if (context.settings.peek<boolean>(flag) !== true) return false;
  const [path = "/", search = ""] = request.url.split("?");
  // Built as the app builds it (the reader's language, the page's section), so the app uses the printed layout.
  const asked = layoutQueryForPath(path, search ? `?${search}` : "", request.locale);
  const query = asked && layoutQueryInSection(asked, requestSiteSection(request)?.siteSectionID ?? null);
  if (
    !query ||
    LAYOUT_ROUTES[query.layoutViewType === "subcommunityHome" ? "home" : query.layoutViewType].flag !== flag
  )
    return false;
  const data = await pageTreeForQuery(context, pageTreeRequest(context, request), query);
  if (isLayoutRedirect(data)) {
    await reply.redirect(data.redirectTo, data.status);
    return true;
  }
  const initialLayout: InitialLayout = { query, data };
  await context.pages.send(request, reply, {
    title: data.title ?? "",
    entry: "forum",
    // The layout as HTML too: readers without JavaScript see it; the app replaces it when it starts.
    body: html`<div id="app" class="app"><div class="layoutPage" data-layout-view-type="${data.layoutViewType}">${renderPageTreeHtml(data.layout, forumNodeHtml, { t: request.t, viewer: request.viewer })}</div></div>`,
    initialLayout,
  });
  return true;
}
