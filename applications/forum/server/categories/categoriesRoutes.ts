import { Type } from "@sinclair/typebox";
import {
  CategoryDeleteQuerySchema,
  CategoryTreeOrderSchema,
  CategoryFollowBodySchema,
  CategoryFollowResultSchema,
  CategoryGetQuerySchema,
  CategoryIDParamsSchema,
  CategoryListQuerySchema,
  CategoryNumericIDParamsSchema,
  CategoryPatchSchema,
  CategoryPostSchema,
  CategorySchema,
  CategorySearchQuerySchema,
} from "@forum/api/categories";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { createCategory, patchCategory, setCategoryFollow } from "./categoriesCommands";
import { findViewableCategory, getCategory, listCategories, searchCategories } from "./categoriesQueries";
import { deleteCategory } from "./categoryDelete";
import { LongRunnerResultSchema } from "@forum/api/longRunner";
import { longRunnerCall, sendLongRunnerOutcome } from "@library/server/longRunner/longRunnerRoutes";
import { reorderCategories } from "./categoryTreeOrder";
import { getCategoryTree } from "./categoryTree";

/** Categories (API.md 6): list, search, read, follow, and the site manager's writes. */
export function categoriesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const siteUrl = context.config.siteUrl;

  routes.get(
    "/categories",
    { schema: { querystring: CategoryListQuerySchema, response: { 200: Type.Array(CategorySchema) } } },
    async (request, reply) => {
      const { categories, paging } = await listCategories(context, request.viewer, request.query);
      if (paging) setPagingHeaders(request, reply, paging, siteUrl);
      return categories;
    },
  );

  routes.get(
    "/categories/search",
    { schema: { querystring: CategorySearchQuerySchema, response: { 200: Type.Array(CategorySchema) } } },
    async (request, reply) => {
      const { categories, page, limit } = await searchCategories(context, request.viewer, request.query);
      setPagingHeaders(request, reply, { page, limit, count: categories.length }, siteUrl);
      return categories;
    },
  );

  routes.get(
    "/categories/:id",
    {
      schema: {
        params: CategoryIDParamsSchema,
        querystring: CategoryGetQuerySchema,
        response: { 200: CategorySchema },
      },
    },
    async (request) => getCategory(context, request.viewer, request.params.id, request.query.expand),
  );

  routes.put(
    "/categories/:id/follow",
    {
      schema: {
        params: CategoryNumericIDParamsSchema,
        body: CategoryFollowBodySchema,
        response: { 200: CategoryFollowResultSchema },
      },
    },
    async (request) => {
      const { viewer } = request;
      viewer.require("session.valid");
      findViewableCategory(await getCategoryTree(context.db), viewer, request.params.id);
      return { followed: await setCategoryFollow(context, viewer, request.params.id, request.body.followed) };
    },
  );

  routes.post(
    "/categories",
    { schema: { body: CategoryPostSchema, response: { 201: CategorySchema } } },
    async (request, reply) => {
      const categoryID = await createCategory(context, request.viewer, request.body);
      return reply.status(201).send(await getCategory(context, request.viewer, String(categoryID)));
    },
  );

  routes.patch(
    "/categories/:id",
    {
      schema: {
        params: CategoryNumericIDParamsSchema,
        body: CategoryPatchSchema,
        response: { 200: CategorySchema },
      },
    },
    async (request) => {
      await patchCategory(context, request.viewer, request.params.id, request.body);
      return getCategory(context, request.viewer, String(request.params.id));
    },
  );

  routes.put(
    "/categories/tree",
    { schema: { body: CategoryTreeOrderSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await reorderCategories(context, request.viewer, request.body);
      return reply.status(204).send();
    },
  );

  routes.delete(
    "/categories/:id",
    {
      schema: {
        params: CategoryNumericIDParamsSchema,
        querystring: CategoryDeleteQuerySchema,
        response: { 204: NoBodySchema, 408: LongRunnerResultSchema },
      },
    },
    async (request, reply) => {
      // A category emptied in one round answers 204 as ever; a big one answers 408 with a callback payload.
      const outcome = await deleteCategory(
        context,
        longRunnerCall(request, request.query),
        request.params.id,
        request.query.newCategoryID,
      );
      if (outcome.status === 200) return reply.status(204).send();
      return sendLongRunnerOutcome(reply, outcome);
    },
  );
}
