import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  ArticleFromDiscussionSchema,
  ArticleListQuerySchema,
  ArticlePatchSchema,
  ArticlePostSchema,
  ArticleReactBodySchema,
  ArticleSchema,
  KnowledgeIDParamsSchema,
} from "../../api/knowledgeApi";
import { KB_VIEW } from "../knowledgePermissions";
import { createArticle, deleteArticle, patchArticle } from "./articleCommands";
import { createArticleFromDiscussion } from "./articleFromDiscussion";
import { setHelpfulVote } from "./articleHelpful";
import {
  ARTICLE_PAGE_LIMIT,
  listArticleRows,
  presentArticle,
  presentArticles,
  viewableArticle,
} from "./articleQueries";

/**
 * `/articles`: list (by knowledge category, base or source discussion; drafts for editors and their authors),
 * read, create, change, delete (revisions: articleRevisionRoutes);
 * `POST /articles/{id}/react` ('Was this helpful?'); `POST /articles/from-discussion` (a draft from a post).
 */
export function articleRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const Params = KnowledgeIDParamsSchema;
  routes.get(
    "/articles",
    { schema: { querystring: ArticleListQuerySchema, response: { 200: Type.Array(ArticleSchema) } } },
    async (request, reply) => {
      request.viewer.require(KB_VIEW);
      const { rows, total } = await listArticleRows(context.db, request.viewer, request.query);
      setPagingHeaders(
        request,
        reply,
        { page: request.query.page ?? 1, limit: request.query.limit ?? ARTICLE_PAGE_LIMIT, total },
        context.config.siteUrl,
      );
      return presentArticles(context.db, request.viewer, rows);
    },
  );
  routes.get(
    "/articles/:id",
    { schema: { params: Params, response: { 200: ArticleSchema } } },
    async (request) => {
      const row = await viewableArticle(context, request.viewer, request.params.id);
      return presentArticle(context.db, request.viewer, row.articleID);
    },
  );
  routes.post(
    "/articles",
    { schema: { body: ArticlePostSchema, response: { 201: ArticleSchema } } },
    async (request, reply) => {
      const id = await createArticle(context, request.viewer, request.body);
      return reply.code(201).send(await presentArticle(context.db, request.viewer, id));
    },
  );
  routes.post(
    "/articles/from-discussion",
    { schema: { body: ArticleFromDiscussionSchema, response: { 201: ArticleSchema } } },
    async (request, reply) => {
      const id = await createArticleFromDiscussion(context, request.viewer, request.body);
      return reply.code(201).send(await presentArticle(context.db, request.viewer, id));
    },
  );
  routes.patch(
    "/articles/:id",
    { schema: { params: Params, body: ArticlePatchSchema, response: { 200: ArticleSchema } } },
    async (request) => {
      await viewableArticle(context, request.viewer, request.params.id);
      await patchArticle(context, request.viewer, request.params.id, request.body);
      return presentArticle(context.db, request.viewer, request.params.id);
    },
  );
  routes.delete(
    "/articles/:id",
    { schema: { params: Params, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await viewableArticle(context, request.viewer, request.params.id);
      await deleteArticle(context, request.viewer, request.params.id);
      return reply.code(204).send();
    },
  );
  routes.post(
    "/articles/:id/react",
    { schema: { params: Params, body: ArticleReactBodySchema, response: { 201: ArticleSchema } } },
    async (request, reply) => {
      await viewableArticle(context, request.viewer, request.params.id);
      await setHelpfulVote(context, request.viewer, request.params.id, request.body.helpful);
      return reply.code(201).send(await presentArticle(context.db, request.viewer, request.params.id));
    },
  );
}
