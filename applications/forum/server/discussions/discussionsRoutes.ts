import { Type } from "@sinclair/typebox";
import {
  DiscussionEditSchema,
  DiscussionGetQuerySchema,
  DiscussionIDParamsSchema,
  DiscussionListQuerySchema,
  DiscussionPatchSchema,
  DiscussionPostSchema,
  DiscussionQuoteSchema,
  DiscussionSchema,
  type Discussion,
  type DiscussionEdit,
} from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { PermissionError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { FastifyInstance } from "fastify";
import { hasCategoryPermission } from "../categories/categoryTree";
import { quoteBodyRaw } from "../content/bodies";
import { discussionUrl } from "../content/urls";
import { HeldPostResponseSchema } from "@forum/api/moderationQueue";
import { heldPostResponse, isHeldPost } from "../moderation/holdPosts";
import { createDiscussion } from "./discussionCreate";
import { discussionChangeNames, notePostChanged } from "./postChangeNames";
import { deleteDiscussion } from "./discussionDelete";
import { patchDiscussion } from "./discussionPatch";
import { getViewableDiscussion } from "./discussionRows";
import { presentDiscussion, presentDiscussions } from "./discussionsPresenter";
import { presentPostMeta } from "../postTypes/postMeta";
import { listDiscussions } from "./discussionsQueries";
import { sendMadeJson } from "@library/server/http/madeJson";
import { discussionListForMember } from "./sharedDiscussionLists";
import { taggingEnabled } from "../tags/tagNames";
import { tagsOfDiscussion } from "../tags/tagQueries";

const QuerySchema = Type.Object({ expand: DiscussionGetQuerySchema.properties.expand });
const byID = (discussion: Discussion) => discussion.discussionID;

/** Discussions (API.md 7.1–7.8). */
export function discussionsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const single = async (
    viewer: Parameters<typeof getViewableDiscussion>[1],
    id: number,
    expand?: readonly string[],
    defaults?: string[],
  ) => {
    const { row, tree } = await getViewableDiscussion(context, viewer, id);
    const discussion = await presentDiscussion(context.db, viewer, tree, row, {
      ...(expand ? { expand } : {}),
      ...(defaults ? { defaults } : {}),
    });
    await context.recordExtenders.extend("discussion", [discussion], byID, viewer, context);
    return discussion;
  };

  routes.get(
    "/discussions",
    { schema: { querystring: DiscussionListQuerySchema, response: { 200: Type.Array(DiscussionSchema) } } },
    async (request, reply) => {
      const { viewer, query } = request;
      // Most members' lists are their roles' list with their own state put in: made once for all of them.
      const shared = await discussionListForMember(context, request, query);
      // Already JSON (the shared part made once), or gzip compressed once around the member's fields: sent as it
      // is, with the ETag of its parts.
      if (shared) return sendMadeJson(reply, shared);
      const { rows, tree, page, limit, total } = await listDiscussions(context, viewer, query);
      setPagingHeaders(
        request,
        reply,
        total !== undefined ? { page, limit, total } : { page, limit, count: rows.length },
        context.config.siteUrl,
      );
      const discussions = await presentDiscussions(context.db, viewer, tree, rows, {
        ...(query.expand ? { expand: query.expand } : {}),
        ...(query.excerptLength ? { excerptLength: query.excerptLength } : {}),
      });
      return context.recordExtenders.extend("discussion", discussions, byID, viewer, context);
    },
  );

  routes.get(
    "/discussions/:id",
    {
      schema: {
        params: DiscussionIDParamsSchema,
        querystring: DiscussionGetQuerySchema,
        response: { 200: DiscussionSchema },
      },
    },
    async (request) => single(request.viewer, request.params.id, request.query.expand),
  );

  routes.post(
    "/discussions",
    {
      schema: {
        body: DiscussionPostSchema,
        response: { 201: DiscussionSchema, 202: HeldPostResponseSchema },
      },
    },
    async (request, reply) => {
      const id = await createDiscussion(context, request.viewer, request.body);
      notePostChanged(request, await discussionChangeNames(context.db, id));
      if (await isHeldPost(context.db, "discussion", id))
        return reply.status(202).send(heldPostResponse("discussion", id, request.t));
      return reply.status(201).send(await single(request.viewer, id, undefined, ["insertUser", "lastUser"]));
    },
  );

  routes.patch(
    "/discussions/:id",
    {
      schema: {
        params: DiscussionIDParamsSchema,
        querystring: QuerySchema,
        body: DiscussionPatchSchema,
        response: { 200: DiscussionSchema },
      },
    },
    async (request) => {
      // Before and after: a move changes the old category and the new one.
      const before = await discussionChangeNames(context.db, request.params.id);
      await patchDiscussion(context, request.viewer, request.params.id, request.body);
      notePostChanged(request, [...before, ...(await discussionChangeNames(context.db, request.params.id))]);
      return single(request.viewer, request.params.id, request.query.expand);
    },
  );

  routes.delete(
    "/discussions/:id",
    { schema: { params: DiscussionIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      const names = await discussionChangeNames(context.db, request.params.id);
      await deleteDiscussion(context, request.viewer, request.params.id);
      notePostChanged(request, names);
      return reply.status(204).send();
    },
  );

  routes.get(
    "/discussions/:id/edit",
    { schema: { params: DiscussionIDParamsSchema, response: { 200: DiscussionEditSchema } } },
    async (request): Promise<DiscussionEdit> => {
      const { viewer } = request;
      const { row, tree } = await getViewableDiscussion(context, viewer, request.params.id);
      const isAuthor = !viewer.isGuest && viewer.userID === row.insertUserID;
      if (!isAuthor && !hasCategoryPermission(tree, viewer, "discussions.edit", row.categoryID))
        throw new PermissionError(["discussions.edit"]);
      const tagIDs = taggingEnabled(context)
        ? (await tagsOfDiscussion(context.db, row.discussionID)).map((tag) => tag.tagID)
        : null;
      return {
        discussionID: row.discussionID,
        name: row.name,
        body: row.body,
        format: row.format as DiscussionEdit["format"],
        categoryID: row.categoryID,
        sink: row.sink === 1,
        closed: row.closed === 1,
        pinned: row.pinned === 1,
        pinLocation: row.pinned === 1 ? (row.pinLocation as DiscussionEdit["pinLocation"]) : null,
        type: row.type,
        postTypeID: row.postTypeID ?? row.type,
        ...(presentPostMeta(row.postMeta) ? { postMeta: presentPostMeta(row.postMeta) } : {}),
        ...(tagIDs ? { tagIDs } : {}),
      };
    },
  );

  routes.get(
    "/discussions/:id/quote",
    { schema: { params: DiscussionIDParamsSchema, response: { 200: DiscussionQuoteSchema } } },
    async (request) => {
      const { row } = await getViewableDiscussion(context, request.viewer, request.params.id);
      const users = await loadUserFragments(context.db, [row.insertUserID]);
      return {
        discussionID: row.discussionID,
        name: row.name,
        bodyRaw: quoteBodyRaw(row.format, row.body),
        dateInserted: toApiDate(row.dateInserted),
        dateUpdated: toApiDate(row.dateUpdated),
        insertUser: userFragmentOf(users, row.insertUserID),
        url: discussionUrl(row.discussionID, row.name),
        format: row.format as DiscussionEdit["format"],
      };
    },
  );
}
