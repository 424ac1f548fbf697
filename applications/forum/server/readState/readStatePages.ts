import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { sectionBasePath, sectionLink } from "@library/server/http/siteSections";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { discussionUrl } from "../content/urls";
import { DISCUSSION_PAGE_LIMIT } from "../discussions/discussionPage";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { presentDiscussion } from "../discussions/discussionsPresenter";
import { findFirstUnread } from "./discussionReading";

/** The address of a discussion's first unread comment for the session user (lists link unread threads here). */
export function firstUnreadPath(discussionID: number): string {
  return `/discussion/unread/${discussionID}`;
}

/**
 * `/discussion/unread/{id}`: to the page and anchor of the first comment the member has not read, or to the
 * discussion itself when they never opened it, read it all, or are a guest.
 */
export function readStatePageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get(
    "/discussion/unread/:discussionID",
    async (request: FastifyRequest<{ Params: { discussionID: string } }>, reply) => {
      if (!/^\d{1,10}$/.test(request.params.discussionID))
        return sendErrorPage(context.pages, request, reply, 404);
      const { viewer } = request;
      const { row, tree } = await getViewableDiscussion(context, viewer, Number(request.params.discussionID));
      const basePath = discussionUrl(row.discussionID, row.name);
      const discussion = await presentDiscussion(context.db, viewer, tree, row, { expand: ["-body"] });
      const firstUnread = await findFirstUnread(context, viewer, {
        discussion,
        comments: [],
        page: 1,
        limit: DISCUSSION_PAGE_LIMIT,
        sort: "dateInserted",
        totalComments: row.countComments,
        basePath,
      });
      // Asked for in a site section's folder, the discussion opens there too.
      return reply.redirect(sectionLink(sectionBasePath(request), firstUnread?.url ?? basePath), 302);
    },
  );
}
