import type { AppContext } from "@library/server/app/appContext";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  KnowledgeBasePatchSchema,
  KnowledgeIDParamsSchema,
  KnowledgeBasePostSchema,
  KnowledgeBaseSchema,
} from "../../api/knowledgeApi";
import { KB_VIEW } from "../knowledgePermissions";
import { createKnowledgeBase, deleteKnowledgeBase, patchKnowledgeBase } from "./knowledgeBaseCommands";
import { listKnowledgeBaseRows, presentKnowledgeBase, presentKnowledgeBases } from "./knowledgeBaseQueries";

const Params = KnowledgeIDParamsSchema;

/** `GET/POST /knowledge-bases` (knowledge.view / site.manage), `GET/PATCH/DELETE /knowledge-bases/{id}`. */
export function knowledgeBaseRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  routes.get(
    "/knowledge-bases",
    { schema: { response: { 200: Type.Array(KnowledgeBaseSchema) } } },
    async (request) => {
      request.viewer.require(KB_VIEW);
      return presentKnowledgeBases(context.db, await listKnowledgeBaseRows(context.db));
    },
  );
  routes.get(
    "/knowledge-bases/:id",
    { schema: { params: Params, response: { 200: KnowledgeBaseSchema } } },
    async (request) => {
      request.viewer.require(KB_VIEW);
      return presentKnowledgeBase(context.db, request.params.id);
    },
  );
  routes.post(
    "/knowledge-bases",
    { schema: { body: KnowledgeBasePostSchema, response: { 201: KnowledgeBaseSchema } } },
    async (request, reply) => {
      const id = await createKnowledgeBase(context, request.viewer, request.body);
      return reply.code(201).send(await presentKnowledgeBase(context.db, id));
    },
  );
  routes.patch(
    "/knowledge-bases/:id",
    { schema: { params: Params, body: KnowledgeBasePatchSchema, response: { 200: KnowledgeBaseSchema } } },
    async (request) => {
      await patchKnowledgeBase(context, request.viewer, request.params.id, request.body);
      return presentKnowledgeBase(context.db, request.params.id);
    },
  );
  routes.delete(
    "/knowledge-bases/:id",
    { schema: { params: Params, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteKnowledgeBase(context, request.viewer, request.params.id);
      return reply.code(204).send();
    },
  );
}
