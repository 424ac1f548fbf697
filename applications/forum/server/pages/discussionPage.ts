import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { siteOrigin } from "@library/server/http/pagination";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { commentPage } from "../comments/commentsQueries";
import { discussionUrl } from "../content/urls";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { DISCUSSION_PAGE_LIMIT } from "../discussions/discussionPage";
import {
  buildDiscussionView,
  parseCommentSort,
  parsePageSegment,
  type DiscussionView,
} from "./discussionView";
import {
  breadcrumbs,
  commentArticle,
  commentHeading,
  pager,
  postBody,
  signatureBlock,
  timeTag,
  userLink,
  userPhoto,
} from "./fragments";
import { sendLayoutPageIfEnabled } from "./layoutShell";

type DiscussionRequest = FastifyRequest<{
  Params: { discussionID: string; slug?: string; page?: string };
  Querystring: { sort?: string };
}>;

function discussionBody(view: DiscussionView, request: FastifyRequest): SafeHtml {
  const { t } = request;
  const { discussion } = view;
  const query = view.sort === "dateInserted" ? "" : `?sort=${encodeURIComponent(view.sort)}`;
  const sortFallback = html`<form method="get" class="commentSort"><label for="commentSort">${t("Sort by")}</label>
    <select id="commentSort" name="sort">${[
      ["dateInserted", t("Oldest")],
      ["-dateInserted", t("Newest")],
      ["-score", t("Top")],
    ].map(
      ([value = "", label = ""]) =>
        html`<option value="${value}" ${value === view.sort ? "selected" : ""}>${label}</option>`,
    )}</select>
    <button type="submit" class="button">${t("Go")}</button></form>`;
  const comments = view.comments.map((comment, index) => {
    const actions = view.commentActions[index];
    const reactions = view.commentReactions[index];
    return commentArticle(
      comment,
      html`${reactions ? widget("div", "ReactionsBar", reactions, html``, { class: "reactionsBarWidget" }) : ""}${
        actions ? widget("div", "PostActions", actions, html``, { class: "postActions" }) : ""
      }`,
      t,
      request.viewer,
      signatureBlock(view.signatures.get(comment.insertUserID), view.signaturesHideMobile),
    );
  });
  const composer = view.composer.canComment
    ? widget("div", "CommentComposer", view.composer, html`<p class="emptyMessage">${t("Loading…")}</p>`, {
        class: "commentComposer",
        id: "create-comment",
      })
    : request.viewer.isGuest
      ? html`<p class="signInPrompt" id="create-comment"><a href="/entry/signin?Target=${encodeURIComponent(request.url)}">${t("Sign In")}</a> ${t("to comment.")}</p>`
      : discussion.closed
        ? html`<p class="signInPrompt" id="create-comment">${t("This discussion has been closed.")}</p>`
        : html``;
  return html`<div class="discussionPage">
    ${breadcrumbs(discussion.breadcrumbs ?? [], t)}
    <article class="post post-discussion" id="Discussion_${discussion.discussionID}">
      <header class="post-header post-header-discussion">
        <h1 class="post-title">${discussion.name}</h1>
        ${widget("span", "BookmarkToggle", view.bookmark, html``, { class: "bookmarkToggleWidget" })}
        ${view.options ? widget("div", "DiscussionOptionsMenu", view.options, html``, { class: "post-options" }) : ""}
      </header>
      <div class="post-meta">
        ${userPhoto(discussion.insertUser)}
        <div class="post-author">${userLink(discussion.insertUser, t, request.viewer)}
          <a class="post-permalink" href="${discussion.url}">${timeTag(discussion.dateInserted)}</a>
          ${discussion.category ? html`<a class="post-category" href="${discussion.category.url}">${discussion.category.name}</a>` : ""}
          ${discussion.closed ? html`<span class="metaBadge">${t("Closed")}</span>` : ""}
        </div>
      </div>
      ${postBody(discussion.body)}
      ${signatureBlock(view.signatures.get(discussion.insertUserID), view.signaturesHideMobile)}
      ${widget("div", "ReactionsBar", view.discussionReactions, html``, { class: "reactionsBarWidget" })}
      ${widget("div", "PostActions", view.discussionActions, html``, { class: "postActions" })}
    </article>
    <section class="commentList" aria-label="${t("Comments")}">
      ${
        view.totalComments > 0
          ? html`<div class="commentList-header">${commentHeading(view.totalComments, t)}
        ${widget("div", "CommentSort", { sort: view.sort, baseUrl: view.basePath }, sortFallback, { class: "commentSortWidget" })}</div>`
          : ""
      }
      ${comments}
      ${pager(view.page, view.limit, view.totalComments, view.basePath, t, query)}
    </section>
    ${composer}
  </div>`;
}

async function showDiscussion(
  context: AppContext,
  request: DiscussionRequest,
  reply: FastifyReply,
  page: number,
) {
  const discussionID = Number(request.params.discussionID);
  if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.post")) return reply;
  const view = await buildDiscussionView(
    context,
    request.viewer,
    siteOrigin(request, context.config.siteUrl),
    discussionID,
    page,
    parseCommentSort(request.query.sort),
  );
  if (page > view.pageCount) return sendErrorPage(context.pages, request, reply, 404);
  const { discussion } = view;
  const canonicalPath = page > 1 ? `${view.basePath}/p${page}` : view.basePath;
  return context.pages.send(request, reply, {
    title: discussion.name,
    description: (discussion.excerpt ?? "").slice(0, 160) || undefined,
    canonicalPath,
    body: discussionBody(view, request),
  });
}

/** `/discussion/{id}[/{slug}][/p{page}]` and the comment permalink `/discussion/comment/{id}` (SPEC 2). */
export function discussionPageRoutes(app: FastifyInstance, context: AppContext): void {
  const numeric = (value: string) => /^\d{1,10}$/.test(value);

  app.get(
    "/discussion/comment/:commentID",
    async (request: FastifyRequest<{ Params: { commentID: string } }>, reply) => {
      if (!numeric(request.params.commentID)) return sendErrorPage(context.pages, request, reply, 404);
      if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.post")) return reply;
      const commentID = Number(request.params.commentID);
      const location = await commentPage(context.db, commentID, DISCUSSION_PAGE_LIMIT);
      if (!location) return sendErrorPage(context.pages, request, reply, 404);
      const { row } = await getViewableDiscussion(context, request.viewer, location.discussionID);
      const basePath = discussionUrl(row.discussionID, row.name);
      const target = location.page > 1 ? `${basePath}/p${location.page}` : basePath;
      return reply.redirect(`${target}#Comment_${commentID}`, 302);
    },
  );

  app.get("/discussion/:discussionID", async (request: DiscussionRequest, reply) => {
    if (!numeric(request.params.discussionID)) return sendErrorPage(context.pages, request, reply, 404);
    return showDiscussion(context, request, reply, 1);
  });

  app.get("/discussion/:discussionID/:slug", async (request: DiscussionRequest, reply) => {
    if (!numeric(request.params.discussionID)) return sendErrorPage(context.pages, request, reply, 404);
    // `/discussion/{id}/p2` has no slug: the segment is the page.
    const page = /^p\d+$/.test(request.params.slug ?? "") ? parsePageSegment(request.params.slug) : 1;
    return showDiscussion(context, request, reply, page ?? 1);
  });

  app.get("/discussion/:discussionID/:slug/:page", async (request: DiscussionRequest, reply) => {
    const page = parsePageSegment(request.params.page);
    if (!numeric(request.params.discussionID) || page === null)
      return sendErrorPage(context.pages, request, reply, 404);
    return showDiscussion(context, request, reply, page);
  });
}
