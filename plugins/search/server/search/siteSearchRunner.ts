import type { AppContext } from "@library/server/app/appContext";
import type { SiteSearchRunner } from "@library/server/search/siteSearch";
import { SEARCH_DOMAINS, type SearchDomain } from "../../api/searchConstants";
import { searchAnswer } from "./searchAnswers";

function domainOf(name: string): SearchDomain {
  return SEARCH_DOMAINS.find((domain) => domain === name) ?? "empty";
}

/** The search offered to other pages (`siteSearch(context)`): the same answers as `GET /search`. */
export function siteSearchRunner(context: AppContext): SiteSearchRunner {
  return async (request, query) => {
    const { outcome, results } = await searchAnswer(context, request, {
      query: query.query,
      domain: domainOf(query.domain),
      page: query.page,
      limit: query.limit,
      expand: ["insertUser"],
      ...(query.knowledgeBaseID ? { knowledgeBaseID: query.knowledgeBaseID } : {}),
    });
    return {
      total: outcome.total,
      results: results.map((result) => ({
        recordType: result.recordType,
        recordID: result.recordID,
        name: result.name,
        url: result.url,
        highlight: result.highlight ?? null,
        dateInserted: result.dateInserted,
        insertUserName: result.insertUser?.name ?? null,
      })),
    };
  };
}
