import {
  BulkCloseDiscussionsSchema,
  BulkDeleteCommentsSchema,
  BulkDeleteDiscussionsSchema,
  BulkMergeDiscussionsSchema,
  BulkMoveDiscussionsSchema,
  SingleMoveResultSchema,
  SplitCommentsSchema,
  SplitResultSchema,
} from "@forum/api/bulk";
import { LongRunnerQuerySchema, LongRunnerResultSchema } from "@forum/api/longRunner";
import type { AppContext } from "@library/server/app/appContext";
import { HttpError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { startLongRunner } from "@library/server/longRunner/longRunner";
import { longRunnerCall, sendLongRunnerOutcome } from "@library/server/longRunner/longRunnerRoutes";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { discussionUrl } from "../content/urls";
import { bulkDeleteComments } from "./bulkCommentActions";
import {
  bulkCloseDiscussions,
  bulkDeleteDiscussions,
  bulkMergeDiscussions,
  bulkMoveDiscussions,
} from "./bulkDiscussionActions";
import { splitComments } from "./commentSplit";

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** Bulk moderation (API.md 7.14, 8.6): every call runs through the long runner (API.md 28). */
export function bulkRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const result = { 200: LongRunnerResultSchema };

  routes.delete(
    "/discussions/list",
    { schema: { querystring: LongRunnerQuerySchema, body: BulkDeleteDiscussionsSchema, response: result } },
    async (request, reply) =>
      sendLongRunnerOutcome(
        reply,
        await startLongRunner(
          context,
          longRunnerCall(request, request.query),
          bulkDeleteDiscussions,
          {},
          unique(request.body.discussionIDs),
        ),
      ),
  );

  routes.patch(
    "/discussions/close",
    { schema: { querystring: LongRunnerQuerySchema, body: BulkCloseDiscussionsSchema, response: result } },
    async (request, reply) =>
      sendLongRunnerOutcome(
        reply,
        await startLongRunner(
          context,
          longRunnerCall(request, request.query),
          bulkCloseDiscussions,
          { closed: request.body.closed ?? true },
          unique(request.body.discussionIDs),
        ),
      ),
  );

  routes.patch(
    "/discussions/move",
    {
      schema: {
        querystring: LongRunnerQuerySchema,
        body: BulkMoveDiscussionsSchema,
        response: { 200: Type.Union([SingleMoveResultSchema, LongRunnerResultSchema]) },
      },
    },
    async (request, reply) => {
      const { discussionIDs, categoryID, addRedirects, postTypeID } = request.body;
      const ids = unique(discussionIDs);
      const outcome = await startLongRunner(
        context,
        longRunnerCall(request, request.query),
        bulkMoveDiscussions,
        { categoryID, addRedirects: addRedirects ?? false, ...(postTypeID !== undefined && { postTypeID }) },
        ids,
      );
      // One discussion (the Move item of Discussion Options): a plain answer, or that one id's error.
      if (ids.length === 1) {
        const failure = Object.values(outcome.body.progress.exceptionsByID)[0];
        if (failure) throw new HttpError(failure.code, failure.message);
        return reply.status(200).send({ status: "success" as const });
      }
      return sendLongRunnerOutcome(reply, outcome);
    },
  );

  routes.patch(
    "/discussions/merge",
    { schema: { querystring: LongRunnerQuerySchema, body: BulkMergeDiscussionsSchema, response: result } },
    async (request, reply) => {
      const { destinationDiscussionID, addRedirects } = request.body;
      const discussionIDs = unique(request.body.discussionIDs);
      return sendLongRunnerOutcome(
        reply,
        await startLongRunner(
          context,
          longRunnerCall(request, request.query),
          bulkMergeDiscussions,
          { destinationDiscussionID, addRedirects: addRedirects ?? false, discussionIDs },
          discussionIDs.filter((id) => id !== destinationDiscussionID),
        ),
      );
    },
  );

  routes.delete(
    "/comments/list",
    { schema: { querystring: LongRunnerQuerySchema, body: BulkDeleteCommentsSchema, response: result } },
    async (request, reply) =>
      sendLongRunnerOutcome(
        reply,
        await startLongRunner(
          context,
          longRunnerCall(request, request.query),
          bulkDeleteComments,
          { deleteMethod: request.body.deleteMethod ?? "full" },
          unique(request.body.commentIDs),
        ),
      ),
  );

  // API.md 7.14 names `POST /discussions/split`; `/comments/split` is the same call under the comments.
  for (const path of ["/discussions/split", "/comments/split"])
    routes.post(
      path,
      { schema: { body: SplitCommentsSchema, response: { 201: SplitResultSchema } } },
      async (request, reply) => {
        const split = await splitComments(context, request.viewer, request.body);
        return reply.status(201).send({
          progress: {
            successIDs: split.commentIDs,
            failedIDs: [],
            exceptionsByID: {},
            countTotalIDs: split.commentIDs.length,
          },
          callbackPayload: null,
          discussionID: split.discussionID,
          newPostUrl: discussionUrl(split.discussionID, split.name),
        });
      },
    );
}
