import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { presentDiscussions } from "../discussions/discussionsPresenter";
import { discussionList } from "../pageParts/discussionListFragments";
import { listBookmarkedDiscussions } from "./bookmarkQueries";

const BOOKMARKS_PAGE_LIMIT = 30;

type BookmarksRequest = FastifyRequest<{ Querystring: { page?: string } }>;

/** `/discussions/bookmarked`: the signed-in user's bookmarks, newest first; guests are sent to sign in. */
export function bookmarkPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/discussions/bookmarked", async (request: BookmarksRequest, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest) return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
    const raw = request.query.page;
    if (raw !== undefined && !/^\d{1,3}$/.test(raw)) return sendErrorPage(context.pages, request, reply, 404);
    const page = Math.min(100, Math.max(1, Number(raw ?? 1)));
    const result = await listBookmarkedDiscussions(context, viewer, { page, limit: BOOKMARKS_PAGE_LIMIT });
    const discussions = await presentDiscussions(context.db, viewer, result.tree, result.rows, {
      expand: ["insertUser", "category", "-body"],
    });
    const pageLink = (target: number) =>
      target > 1 ? `/discussions/bookmarked?page=${target}` : "/discussions/bookmarked";
    const hasNext = discussions.length >= BOOKMARKS_PAGE_LIMIT && page < 100;
    const body = html`<div class="listPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("My Bookmarks")}</h1></div>
      ${discussionList(discussions, t, viewer)}
      ${
        page > 1 || hasNext
          ? html`<nav class="pager" aria-label="${t("Pagination")}">
        ${page > 1 ? html`<a class="pager-link" rel="prev" href="${pageLink(page - 1)}">${t("Previous Page")}</a>` : ""}
        ${hasNext ? html`<a class="pager-link" rel="next" href="${pageLink(page + 1)}">${t("Next Page")}</a>` : ""}
      </nav>`
          : ""
      }
    </div>`;
    return context.pages.send(request, reply, {
      title: t("My Bookmarks"),
      body,
      canonicalPath: "/discussions/bookmarked",
    });
  });
}
