import {
  TagFragmentSchema,
  TagIDParamsSchema,
  TagListQuerySchema,
  TagMergeSchema,
  TagPatchSchema,
  TagPostSchema,
  TagReferenceSchema,
  TagSchema,
} from "@forum/api/tags";
import { DiscussionIDParamsSchema } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { getCategoryTree } from "../categories/categoryTree";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { changeDiscussionTags } from "./discussionTagsCommand";
import { createTag, deleteTag, mergeTags, patchTag } from "./tagAdminWrites";
import { requireTaggingEnabled } from "./tagNames";
import { countScopeOf, getTag, listTags, tagsOfDiscussion } from "./tagQueries";

/** Tags (API.md 10) and the tags of a discussion (API.md 7.12). */
export function tagsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const scopeFor = async (viewer: Viewer) => countScopeOf(await getCategoryTree(context.db), viewer);
  const oneTag = async (viewer: Viewer, tagID: number) => getTag(context.db, await scopeFor(viewer), tagID);

  routes.get(
    "/tags",
    { schema: { querystring: TagListQuerySchema, response: { 200: Type.Array(TagSchema) } } },
    async (request) => {
      requireTaggingEnabled(context);
      return listTags(context.db, await scopeFor(request.viewer), request.query);
    },
  );

  routes.get(
    "/tags/:id",
    { schema: { params: TagIDParamsSchema, response: { 200: TagSchema } } },
    async (request) => {
      requireTaggingEnabled(context);
      return oneTag(request.viewer, request.params.id);
    },
  );

  routes.post(
    "/tags",
    { schema: { body: TagPostSchema, response: { 201: TagSchema } } },
    async (request, reply) => {
      const tagID = await createTag(context, request.viewer, request.body);
      return reply.status(201).send(await oneTag(request.viewer, tagID));
    },
  );

  routes.patch(
    "/tags/:id",
    { schema: { params: TagIDParamsSchema, body: TagPatchSchema, response: { 200: TagSchema } } },
    async (request) => {
      await patchTag(context, request.viewer, request.params.id, request.body);
      return oneTag(request.viewer, request.params.id);
    },
  );

  routes.delete(
    "/tags/:id",
    { schema: { params: TagIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteTag(context, request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post(
    "/tags/:id/merge",
    { schema: { params: TagIDParamsSchema, body: TagMergeSchema, response: { 200: TagSchema } } },
    async (request, reply) => {
      await mergeTags(context, request.viewer, request.params.id, request.body);
      return reply.status(200).send(await oneTag(request.viewer, request.params.id));
    },
  );

  const discussionTags = (mode: "replace" | "add") =>
    ({
      schema: {
        params: DiscussionIDParamsSchema,
        body: TagReferenceSchema,
        response: { 200: Type.Array(TagFragmentSchema) },
      },
      mode,
    }) as const;

  for (const method of ["put", "post"] as const) {
    const { schema, mode } = discussionTags(method === "put" ? "replace" : "add");
    routes[method]("/discussions/:id/tags", { schema }, async (request, reply) => {
      await changeDiscussionTags(context, request.viewer, request.params.id, request.body, mode);
      await getViewableDiscussion(context, request.viewer, request.params.id);
      return reply.status(200).send(await tagsOfDiscussion(context.db, request.params.id));
    });
  }
}
