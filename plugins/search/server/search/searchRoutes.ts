import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import { SearchQuerySchema, SearchResultSchema } from "../../api/searchApi";
import { isShared, searchAnswer, sharedAnswerBody } from "./searchAnswers";

declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    /** A search (not an autocomplete) that found nothing; announced, not durable (for statistics). */
    "search.noResults": { terms: string; domain: string | null };
  }
}

/** `GET /search` (API.md 15): one endpoint for the search page and the autocomplete. */
export function searchRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  routes.get(
    "/search",
    { schema: { querystring: SearchQuerySchema, response: { 200: Type.Array(SearchResultSchema) } } },
    async (request, reply) => {
      const answer = await searchAnswer(context, request, request.query);
      const { outcome, results } = answer;
      const terms = request.query.query?.trim() ?? "";
      if (outcome.total === 0 && outcome.page === 1 && terms !== "" && !request.query.collapse)
        context.events.announce("search.noResults", { terms, domain: request.query.domain ?? null });
      setPagingHeaders(
        request,
        reply,
        { page: outcome.page, limit: outcome.limit, total: outcome.total },
        context.config.siteUrl,
      );
      reply.header("x-search-powered-by", outcome.poweredBy);
      if (outcome.suggestion !== null)
        reply.header("x-search-suggestion", encodeURIComponent(outcome.suggestion));
      if (isShared(answer)) {
        // Already JSON, and compressed once for everyone who takes this encoding: sent as it is.
        // (The typed reply expects the objects; this body is their JSON already.)
        const { body, encoding } = sharedAnswerBody(answer, request.contentEncoding);
        const untyped = reply as FastifyReply;
        if (encoding !== "identity") untyped.header("content-encoding", encoding);
        return untyped.type("application/json; charset=utf-8").send(body);
      }
      return results;
    },
  );
}
