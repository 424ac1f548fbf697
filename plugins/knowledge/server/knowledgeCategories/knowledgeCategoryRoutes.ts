import type { AppContext } from "@library/server/app/appContext";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  KnowledgeCategoryListQuerySchema,
  KnowledgeCategoryPatchSchema,
  KnowledgeCategoryPostSchema,
  KnowledgeCategorySchema,
  KnowledgeIDParamsSchema,
} from "../../api/knowledgeApi";
import { KB_VIEW } from "../knowledgePermissions";
import {
  createKnowledgeCategory,
  deleteKnowledgeCategory,
  patchKnowledgeCategory,
} from "./knowledgeCategoryCommands";
import {
  categoryTree,
  listKnowledgeCategoryRows,
  presentKnowledgeCategories,
  presentKnowledgeCategory,
} from "./knowledgeCategoryQueries";

/** `/knowledge-categories`: the category tree inside knowledge bases (read: knowledge.view; write: site.manage). */
export function knowledgeCategoryRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  routes.get(
    "/knowledge-categories",
    {
      schema: {
        querystring: KnowledgeCategoryListQuerySchema,
        response: { 200: Type.Array(KnowledgeCategorySchema) },
      },
    },
    async (request) => {
      request.viewer.require(KB_VIEW);
      const rows = await listKnowledgeCategoryRows(context.db, request.query.knowledgeBaseID);
      const byBase = new Map<number, typeof rows>();
      for (const row of rows)
        byBase.set(row.knowledgeBaseID, [...(byBase.get(row.knowledgeBaseID) ?? []), row]);
      const ordered = [...byBase.values()].flatMap((baseRows) =>
        categoryTree(baseRows).map((item) => item.row),
      );
      return presentKnowledgeCategories(context.db, ordered);
    },
  );
  routes.get(
    "/knowledge-categories/:id",
    { schema: { params: KnowledgeIDParamsSchema, response: { 200: KnowledgeCategorySchema } } },
    async (request) => {
      request.viewer.require(KB_VIEW);
      return presentKnowledgeCategory(context.db, request.params.id);
    },
  );
  routes.post(
    "/knowledge-categories",
    { schema: { body: KnowledgeCategoryPostSchema, response: { 201: KnowledgeCategorySchema } } },
    async (request, reply) => {
      const id = await createKnowledgeCategory(context, request.viewer, request.body);
      return reply.code(201).send(await presentKnowledgeCategory(context.db, id));
    },
  );
  routes.patch(
    "/knowledge-categories/:id",
    {
      schema: {
        params: KnowledgeIDParamsSchema,
        body: KnowledgeCategoryPatchSchema,
        response: { 200: KnowledgeCategorySchema },
      },
    },
    async (request) => {
      await patchKnowledgeCategory(context, request.viewer, request.params.id, request.body);
      return presentKnowledgeCategory(context.db, request.params.id);
    },
  );
  routes.delete(
    "/knowledge-categories/:id",
    { schema: { params: KnowledgeIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteKnowledgeCategory(context, request.viewer, request.params.id);
      return reply.code(204).send();
    },
  );
}
