import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { SearchQuerySchema, SearchResultSchema } from "../../api/searchApi";
import { searchAnswer } from "./searchAnswers";

/** `GET /search` (API.md 15): one endpoint for the search page and the autocomplete. */
export function searchRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  routes.get(
    "/search",
    { schema: { querystring: SearchQuerySchema, response: { 200: Type.Array(SearchResultSchema) } } },
    async (request, reply) => {
      const { outcome, results } = await searchAnswer(context, request, request.query);
      setPagingHeaders(
        request,
        reply,
        { page: outcome.page, limit: outcome.limit, total: outcome.total },
        context.config.siteUrl,
      );
      reply.header("x-search-powered-by", outcome.poweredBy);
      if (outcome.suggestion !== null)
        reply.header("x-search-suggestion", encodeURIComponent(outcome.suggestion));
      return results;
    },
  );
}
