import { Type } from "@sinclair/typebox";
import { BookmarkBodySchema, BookmarkedListQuerySchema } from "@forum/api/bookmarks";
import { DiscussionIDParamsSchema, DiscussionSchema } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { registerMeCount } from "@library/server/users/meCounts";
import type { FastifyInstance } from "fastify";
import { presentDiscussions } from "../discussions/discussionsPresenter";
import { countBookmarks, setBookmark } from "./bookmarkCommands";
import { listBookmarkedDiscussions } from "./bookmarkQueries";

/** Bookmarks (API.md 7.2, 7.9) and the `Bookmarks` me-count. */
export function bookmarksRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  registerMeCount(context, {
    name: "Bookmarks",
    sort: 30,
    count: (ctx, viewer) => countBookmarks(ctx.db, viewer.userID),
  });

  routes.get(
    "/discussions/bookmarked",
    {
      schema: { querystring: BookmarkedListQuerySchema, response: { 200: Type.Array(DiscussionSchema) } },
    },
    async (request, reply) => {
      const { viewer, query } = request;
      const { rows, tree, page, limit } = await listBookmarkedDiscussions(context, viewer, query);
      setPagingHeaders(request, reply, { page, limit, count: rows.length }, context.config.siteUrl);
      return presentDiscussions(context.db, viewer, tree, rows, query.expand ? { expand: query.expand } : {});
    },
  );

  routes.put(
    "/discussions/:id/bookmark",
    {
      schema: {
        params: DiscussionIDParamsSchema,
        body: BookmarkBodySchema,
        response: { 200: BookmarkBodySchema },
      },
    },
    async (request) => ({
      bookmarked: await setBookmark(context, request.viewer, request.params.id, request.body.bookmarked),
    }),
  );
}
