import {
  CommentThreadQuerySchema,
  CommentThreadSchema,
  ReplyDisplayPreferenceSchema,
} from "@forum/api/commentThreads";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { getThreadView, threadResponse } from "./commentThreadView";
import { getReplyDisplayPreference, setReplyDisplayPreference } from "./replyDisplay";

/** Threaded replies: a discussion's comments as a tree, and the reader's flat/threaded choice. */
export function commentThreadRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/comments/thread",
    { schema: { querystring: CommentThreadQuerySchema, response: { 200: CommentThreadSchema } } },
    async (request, reply) => {
      const { query, viewer } = request;
      const view = await getThreadView(context, viewer, query);
      setPagingHeaders(
        request,
        reply,
        { page: view.pageNumber, limit: view.limit, total: view.page.totalRoots },
        context.config.siteUrl,
      );
      const response = threadResponse(view);
      const extended = await context.recordExtenders.extend(
        "comment",
        Object.values(response.commentsByID),
        (comment) => comment.commentID,
        viewer,
        context,
      );
      return {
        threadStructure: response.threadStructure,
        commentsByID: Object.fromEntries(extended.map((comment) => [String(comment.commentID), comment])),
      };
    },
  );

  routes.get(
    "/comments/reply-display",
    { schema: { response: { 200: ReplyDisplayPreferenceSchema } } },
    async (request) => ({
      replyDisplay: await getReplyDisplayPreference(context.db, request.viewer.userID),
    }),
  );

  routes.put(
    "/comments/reply-display",
    { schema: { body: ReplyDisplayPreferenceSchema, response: { 200: ReplyDisplayPreferenceSchema } } },
    async (request) => {
      request.viewer.require("session.valid");
      await setReplyDisplayPreference(context.db, request.viewer.userID, request.body.replyDisplay);
      return { replyDisplay: request.body.replyDisplay };
    },
  );
}
