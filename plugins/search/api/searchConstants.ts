/** Plain values of the search contract, safe to import in browser code (no validator library). */

export const SEARCH_DOMAINS = [
  "all_content",
  "discussions",
  "members",
  "user",
  "knowledgeBase",
  "group",
  "category",
  "empty",
] as const;
export type SearchDomain = (typeof SEARCH_DOMAINS)[number];

export const SEARCH_SORTS = [
  "relevance",
  "dateInserted",
  "-dateInserted",
  "dateUpdated",
  "-dateUpdated",
] as const;
export type SearchSortValue = (typeof SEARCH_SORTS)[number];

export const SEARCH_EXPANDS = ["insertUser", "breadcrumbs", "excerpt", "image", "-body", "all"] as const;

/** API.md 15: page 1–100, limit 1–100 (default 30). */
export const SEARCH_MAX_PAGE = 100;
export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_DEFAULT_LIMIT = 30;

/** SPEC 9: the search page shows 20 results a page; autocomplete asks for 10 divided by its number of sources. */
export const SEARCH_PAGE_SIZE = 20;
export const AUTOCOMPLETE_TOTAL_LIMIT = 10;
/** SPEC 9: `search.autocompleteDebounce` default, in milliseconds. */
export const AUTOCOMPLETE_DEBOUNCE_SETTING = "search.autocompleteDebounce";
export const AUTOCOMPLETE_DEBOUNCE_DEFAULT = 500;

/**
 * SPEC 2 "Search In": a site that belongs to a hub (a community of communities) names the hub and gives its
 * address; the search box then lets the viewer search this site or the whole hub. Both empty: no selector.
 */
export const SEARCH_HUB_NAME_SETTING = "search.hubName";
export const SEARCH_HUB_URL_SETTING = "search.hubUrl";
export type SearchScope = "site" | "hub";

/**
 * SPEC 2: the search page's query parameter is `query` with the new search page (`themeFeatures.useNewSearchPage`
 * on, the default), otherwise `search`. Both are read.
 */
export const USE_NEW_SEARCH_PAGE_SETTING = "themeFeatures.useNewSearchPage";
export type SearchQueryParam = "query" | "search";

export function searchQueryParam(useNewSearchPage: boolean): SearchQueryParam {
  return useNewSearchPage ? "query" : "search";
}
