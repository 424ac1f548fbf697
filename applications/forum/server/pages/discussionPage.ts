import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { sectionBasePath, sectionLink } from "@library/server/http/siteSections";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { commentPermalinkTarget } from "../comments/commentPermalink";
import { REPLY_DISPLAY_COOKIE } from "../comments/replyDisplay";
import { redirectTarget } from "../discussions/discussionRedirects";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { buildDiscussionPage, type DiscussionPageArgs } from "../pageTrees/discussionPageTree";
import { sendPageTree } from "../pageTrees/sendPageTree";
import { parseCommentSort, parsePageSegment } from "../pageParts/discussionView";
import { sendLayoutPageIfEnabled } from "./layoutShell";
import { viewCounterOf } from "../readState/viewCounter";
import { sendPageOfMissingRecord } from "./deletedPages";
import { sectionPlacementRedirect } from "../pageTrees/sectionPlacement";
import { discussionRowForPage, sendSharedDiscussionPage } from "./sharedDiscussionPage";

type DiscussionRequest = FastifyRequest<{
  Params: { discussionID: string; slug?: string; page?: string };
  Querystring: { sort?: string; replyDisplay?: string; focus?: string };
}>;

async function showDiscussion(
  context: AppContext,
  request: DiscussionRequest,
  reply: FastifyReply,
  page: number,
) {
  // A discussion that moved with `addRedirects` left a redirect behind: its address leads to the moved one.
  const discussionID = Number(request.params.discussionID);
  const stub = await discussionRowForPage(context, request, discussionID);
  const target = stub ? redirectTarget(stub) : null;
  if (target !== null) return reply.redirect(sectionLink(sectionBasePath(request), target), 301);
  // Through a site section's folder, a discussion of another part of the site is shown at its own address.
  const placed = stub ? await sectionPlacementRedirect(context, request, stub.categoryID) : null;
  if (placed !== null) return reply.redirect(placed, 302);
  // A deleted discussion is 410 Gone: a friendly page, with the way to restore it for moderators.
  if (!stub) {
    const missing = await sendPageOfMissingRecord(context, request, reply, "discussion", discussionID);
    if (missing) return missing;
  }
  if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.post")) return reply;
  const args: DiscussionPageArgs = {
    discussionID: Number(request.params.discussionID),
    page,
    sort: parseCommentSort(request.query.sort),
    ...(request.query.replyDisplay !== undefined && { replyDisplay: request.query.replyDisplay }),
    ...(/^\d{1,10}$/.test(request.query.focus ?? "") && { focusCommentID: Number(request.query.focus) }),
    ...(stub && { row: stub }),
  };
  // Most members' views are the page their roles see with their own state added: rendered once for all of them.
  if (stub && (await sendSharedDiscussionPage(context, request, reply, { ...args, row: stub }))) return reply;
  const built = await buildDiscussionPage(context, pageTreeRequest(context, request), args);
  return sendPageTree(context, request, reply, built);
}

/** `/discussion/{id}[/{slug}][/p{page}]` and the comment permalink `/discussion/comment/{id}` (SPEC 2). */
export function discussionPageRoutes(app: FastifyInstance, context: AppContext): void {
  const numeric = (value: string) => /^\d{1,10}$/.test(value);
  // A guest served the page from the micro-cache still counts as a view.
  const views = viewCounterOf(context);
  // A guest's flat/threaded choice changes the page.
  context.guestCache.varyByCookie(REPLY_DISPLAY_COOKIE);
  context.guestCache.onHit(
    ["/discussion/:discussionID", "/discussion/:discussionID/:slug", "/discussion/:discussionID/:slug/:page"],
    (request) => {
      const id = (request.params as { discussionID?: string }).discussionID ?? "";
      if (numeric(id)) views.record(Number(id));
    },
  );

  app.get(
    "/discussion/comment/:commentID",
    async (
      request: FastifyRequest<{
        Params: { commentID: string };
        Querystring: { replyDisplay?: string; hasDraft?: string };
      }>,
      reply,
    ) => {
      if (!numeric(request.params.commentID)) return sendErrorPage(context.pages, request, reply, 404);
      if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.post")) return reply;
      const commentID = Number(request.params.commentID);
      const target = await commentPermalinkTarget(context, request.viewer, commentID, {
        requested: request.query.replyDisplay,
        cookie: request.cookies[REPLY_DISPLAY_COOKIE],
        hasDraft: request.query.hasDraft === "true",
      });
      if (!target)
        return (
          (await sendPageOfMissingRecord(context, request, reply, "comment", commentID)) ??
          sendErrorPage(context.pages, request, reply, 404)
        );
      // In a section's folder the reader stays in it.
      return reply.redirect(sectionLink(sectionBasePath(request), target), 302);
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
