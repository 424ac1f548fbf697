import type { Paging } from "@forum/api/common";
import { apiv2 } from "@library/src/api/apiClient";
import { pagingFromHeaders } from "@library/src/api/paging";
import { siteSectionFilter } from "@library/src/routing/siteSection";
import type { SearchResult } from "../../api/searchApi";
import { applicableFilters, type SearchApiParams } from "../../api/searchPageUrl";

export interface SearchResponse {
  results: SearchResult[];
  paging: Paging;
  /** 'Did you mean' (the `x-search-suggestion` header), when the query found nothing. */
  suggestion: string | null;
}

/** `GET /search` (API.md 15); `signal` cancels a request a newer one replaced. */
export async function fetchSearch(
  params: SearchApiParams | Record<string, unknown>,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  // SPEC 2: a reader in a site section (`/fr/…`) searches that section unless the caller names one.
  const applicable = applicableFilters({ ...siteSectionFilter(), ...(params as Record<string, unknown>) });
  // SPEC 2: a discussion-only filter on an article search is dropped with a warning.
  for (const warning of applicable.warnings) console.warn(warning);
  const response = await apiv2.get<SearchResult[]>("search", {
    params: applicable.params,
    ...(signal ? { signal } : {}),
  });
  const suggestion = (response.headers as Record<string, unknown>)["x-search-suggestion"];
  return {
    results: response.data,
    paging: pagingFromHeaders(response.headers),
    suggestion: typeof suggestion === "string" && suggestion ? decodeURIComponent(suggestion) : null,
  };
}
