import type { AppContext } from "@library/server/app/appContext";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { ArticleRevisionSchema, ArticleSchema, KnowledgeIDParamsSchema } from "../../api/knowledgeApi";
import { presentArticle } from "./articleQueries";
import { getArticleRevision, listArticleRevisions, restoreArticleRevision } from "./articleRevisions";

/**
 * An article's revisions (knowledge.articles.edit): `GET /articles/{id}/revisions` (newest first, with their
 * authors), `GET /article-revisions/{id}` and `POST /article-revisions/{id}/restore` (a new revision).
 */
export function articleRevisionRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const Params = KnowledgeIDParamsSchema;
  routes.get(
    "/articles/:id/revisions",
    { schema: { params: Params, response: { 200: Type.Array(ArticleRevisionSchema) } } },
    async (request) => listArticleRevisions(context, request.viewer, request.params.id),
  );
  routes.get(
    "/article-revisions/:id",
    { schema: { params: Params, response: { 200: ArticleRevisionSchema } } },
    async (request) => getArticleRevision(context, request.viewer, request.params.id),
  );
  routes.post(
    "/article-revisions/:id/restore",
    { schema: { params: Params, response: { 200: ArticleSchema } } },
    async (request) => {
      const articleID = await restoreArticleRevision(context, request.viewer, request.params.id);
      return presentArticle(context.db, request.viewer, articleID);
    },
  );
}
