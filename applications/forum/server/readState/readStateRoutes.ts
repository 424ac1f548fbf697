import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { CategoryNumericIDParamsSchema } from "@forum/api/categories";
import type { FastifyInstance } from "fastify";
import { markAllRead, markCategoryRead } from "./readStateCommands";
import { readStateBufferOf } from "./readStateBuffer";
import { viewCounterOf } from "./viewCounter";

/**
 * Read state: "mark as read" for a category or everything (DECISION: Vanilla marks read from its pages only),
 * the buffer of read positions written about once a second (and at shutdown), and a member's own new comment
 * counted as read.
 */
export function readStateRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const buffer = readStateBufferOf(context);
  const views = viewCounterOf(context);
  api.addHook("onClose", async () => {
    await buffer.close();
    await views.close();
  });

  context.events.on(
    "comment.created",
    async ({ discussionID, commentID, insertUserID }) => {
      const row = await context.db
        .selectFrom("discussions")
        .select("countComments")
        .where("discussionID", "=", discussionID)
        .where("deleteLogID", "is", null)
        .executeTakeFirst();
      if (!row) return;
      buffer.record(insertUserID, discussionID, {
        countCommentsRead: row.countComments,
        lastReadCommentID: commentID,
        dateLastViewed: nowIso(),
      });
    },
    "forum",
  );

  routes.put("/categories/read", { schema: { response: { 204: NoBodySchema } } }, async (request, reply) => {
    await markAllRead(context, request.viewer);
    return reply.status(204).send();
  });

  routes.put(
    "/categories/:id/read",
    { schema: { params: CategoryNumericIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await markCategoryRead(context, request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );
}
