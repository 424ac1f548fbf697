import { Type } from "@sinclair/typebox";
import {
  CommentEditSchema,
  CommentGetQuerySchema,
  CommentIDParamsSchema,
  CommentListQuerySchema,
  CommentPatchSchema,
  CommentPostSchema,
  CommentQuoteSchema,
  CommentSchema,
  type Comment,
  type CommentEdit,
} from "@forum/api/comments";
import type { AppContext } from "@library/server/app/appContext";
import { toApiDate } from "@library/server/http/dates";
import { sendMadeJson } from "@library/server/http/madeJson";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { FastifyInstance } from "fastify";
import { quoteBodyRaw } from "../content/bodies";
import { commentUrl } from "../content/urls";
import { HeldPostResponseSchema } from "@forum/api/moderationQueue";
import { heldPostResponse, isHeldPost } from "../moderation/holdPosts";
import { createComment } from "./commentCreate";
import { commentChangeNames, notePostChanged } from "../discussions/postChangeNames";
import { CommentDeleteBodySchema } from "@forum/api/commentThreads";
import { deleteComment } from "./commentDelete";
import { commentThreadRoutes } from "./commentThreadRoutes";
import { assertCanEditComment, patchComment } from "./commentEdit";
import { getViewableComment } from "./commentRows";
import { presentComments } from "./commentsPresenter";
import { presentCommentList } from "./commentList";
import { commentPageForMember } from "./sharedCommentPages";

const byID = (comment: Comment) => comment.commentID;

/** Comments (API.md 8). */
export function commentsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  commentThreadRoutes(api, context);
  const single = async (viewer: Viewer, id: number, expand?: readonly string[]) => {
    const { row, discussion, tree } = await getViewableComment(context, viewer, id);
    const [comment] = await presentComments(
      context.db,
      tree,
      [row],
      new Map([[discussion.discussionID, discussion]]),
      {
        ...(expand ? { expand } : {}),
        defaults: ["insertUser"],
        viewer,
      },
    );
    if (!comment) throw new Error("A presented comment went missing.");
    await context.recordExtenders.extend("comment", [comment], byID, viewer, context);
    return comment;
  };

  routes.get(
    "/comments",
    { schema: { querystring: CommentListQuerySchema, response: { 200: Type.Array(CommentSchema) } } },
    async (request, reply) => {
      const { viewer, query } = request;
      // Most members' pages of a discussion are their roles' page: made once for all of them.
      const shared = await commentPageForMember(context, request, reply, query);
      if (shared) return sendMadeJson(reply, shared);
      const { comments, paging } = await presentCommentList(context, viewer, query);
      setPagingHeaders(request, reply, paging, context.config.siteUrl);
      return comments;
    },
  );

  routes.get(
    "/comments/:id",
    {
      schema: {
        params: CommentIDParamsSchema,
        querystring: CommentGetQuerySchema,
        response: { 200: CommentSchema },
      },
    },
    async (request) => single(request.viewer, request.params.id, request.query.expand),
  );

  routes.post(
    "/comments",
    { schema: { body: CommentPostSchema, response: { 201: CommentSchema, 202: HeldPostResponseSchema } } },
    async (request, reply) => {
      const id = await createComment(context, request.viewer, request.body);
      notePostChanged(request, await commentChangeNames(context.db, id));
      if (await isHeldPost(context.db, "comment", id))
        return reply.status(202).send(heldPostResponse("comment", id, request.t));
      return reply.status(201).send(await single(request.viewer, id));
    },
  );

  routes.patch(
    "/comments/:id",
    { schema: { params: CommentIDParamsSchema, body: CommentPatchSchema, response: { 200: CommentSchema } } },
    async (request) => {
      await patchComment(context, request.viewer, request.params.id, request.body);
      notePostChanged(request, await commentChangeNames(context.db, request.params.id));
      return single(request.viewer, request.params.id);
    },
  );

  routes.delete(
    "/comments/:id",
    {
      schema: {
        params: CommentIDParamsSchema,
        body: Type.Optional(CommentDeleteBodySchema),
        response: { 204: NoBodySchema },
      },
    },
    async (request, reply) => {
      const names = await commentChangeNames(context.db, request.params.id);
      await deleteComment(context, request.viewer, request.params.id, request.body?.deleteMethod);
      notePostChanged(request, names);
      return reply.status(204).send();
    },
  );

  routes.get(
    "/comments/:id/edit",
    { schema: { params: CommentIDParamsSchema, response: { 200: CommentEditSchema } } },
    async (request): Promise<CommentEdit> => {
      const { viewer } = request;
      const { row, discussion, tree } = await getViewableComment(context, viewer, request.params.id);
      assertCanEditComment(
        tree,
        viewer,
        row,
        discussion,
        await context.settings.get<number>("ui.editContentTimeout"),
      );
      return {
        commentID: row.commentID,
        discussionID: row.discussionID,
        parentRecordType: "discussion",
        parentRecordID: row.discussionID,
        body: row.body,
        format: row.format as CommentEdit["format"],
      };
    },
  );

  routes.get(
    "/comments/:id/quote",
    { schema: { params: CommentIDParamsSchema, response: { 200: CommentQuoteSchema } } },
    async (request) => {
      const { row } = await getViewableComment(context, request.viewer, request.params.id);
      const users = await loadUserFragments(context.db, [row.insertUserID]);
      return {
        commentID: row.commentID,
        bodyRaw: quoteBodyRaw(row.format, row.body),
        dateInserted: toApiDate(row.dateInserted),
        dateUpdated: toApiDate(row.dateUpdated),
        insertUser: userFragmentOf(users, row.insertUserID),
        url: commentUrl(row.commentID),
        format: row.format as CommentEdit["format"],
      };
    },
  );
}
