import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import type { SearchRecordType } from "@library/server/search/searchRecordTypes";
import { SEARCH_DEFAULT_LIMIT } from "../../api/searchConstants";
import type { SearchQuery } from "../../api/searchApi";
import type { SearchHit, SearchIndexQuery } from "../index/searchIndex";
import { hasSearchTerms, parseSearchQuery, type ParsedSearchQuery } from "../index/searchQueryText";
import { searchIndexOf } from "../indexing/searchIndexing";
import { tagIDsOfNames } from "../indexing/searchTagIndexing";
import { suggestQuery } from "./didYouMean";
import { parseDateFilter } from "./searchDateFilter";
import { recordTypesOf, searchScopesFor } from "./searchScopes";

export interface SearchOutcome {
  hits: SearchHit[];
  total: number;
  page: number;
  limit: number;
  text: ParsedSearchQuery;
  /** The driver that answered. */
  poweredBy: string;
  /** 'Did you mean': a near query that finds something, when this one found nothing. */
  suggestion: string | null;
}

/** Author ids of `insertUserNames` (case-insensitive) and `insertUserIDs`; null when neither was given. */
async function authorIDs(context: AppContext, query: SearchQuery): Promise<number[] | null> {
  const names = query.insertUserNames ?? [];
  const ids = query.insertUserIDs ?? [];
  if (names.length === 0 && ids.length === 0) return null;
  const found =
    names.length === 0
      ? []
      : await context.db
          .selectFrom("users")
          .select("userID")
          .where(
            "nameKey",
            "in",
            names.map((name) => name.trim().toLowerCase()),
          )
          .execute();
  return [...new Set([...ids, ...found.map((row) => row.userID)])];
}

/** Whether anything narrows the search besides its words (a query of filters alone lists by date). */
function hasFilters(query: SearchQuery, types: readonly SearchRecordType[]): boolean {
  const narrowed =
    Boolean(query.knowledgeBaseID || query.knowledgeCategoryIDs?.length) &&
    types.some((type) => type.narrow !== undefined);
  return Boolean(
    narrowed ||
    query.categoryID?.length ||
    query.followedCategories ||
    query.insertUserIDs?.length ||
    query.insertUserNames?.length ||
    query.dateInserted ||
    query.dateUpdated ||
    query.discussionID ||
    query.name ||
    query.tags?.length ||
    query.types?.length,
  );
}

function emptyOutcome(
  page: number,
  limit: number,
  text: ParsedSearchQuery,
  poweredBy: string,
): SearchOutcome {
  return { hits: [], total: 0, page, limit, text, poweredBy, suggestion: null };
}

/**
 * `GET /search` without its presentation: the record types and the viewer's scopes first (a member never
 * reaches a document of a category they cannot see, so totals and excerpts are theirs alone), then the index.
 */
export async function runSearch(
  context: AppContext,
  viewer: Viewer,
  query: SearchQuery,
): Promise<SearchOutcome> {
  const page = query.page ?? 1;
  const limit = query.limit ?? SEARCH_DEFAULT_LIMIT;
  const text = parseSearchQuery(query.query ?? "", query.queryOperator ?? "and");
  const index = searchIndexOf(context);
  const dateInserted = query.dateInserted ? parseDateFilter(query.dateInserted, "dateInserted") : undefined;
  const dateUpdated = query.dateUpdated ? parseDateFilter(query.dateUpdated, "dateUpdated") : undefined;
  const types = recordTypesOf(context, query);
  if (!hasSearchTerms(text) && !hasFilters(query, types)) return emptyOutcome(page, limit, text, index.name);
  // Tags by name: with `and` an unknown name matches nothing, with `or` it adds nothing.
  const tagOperator = query.tagOperator ?? "or";
  const tagIDs = query.tags?.length ? await tagIDsOfNames(context, query.tags, tagOperator) : undefined;
  if (tagIDs === null || tagIDs?.length === 0) return emptyOutcome(page, limit, text, index.name);
  const insertUserIDs = await authorIDs(context, query);
  if (insertUserIDs !== null && insertUserIDs.length === 0)
    return emptyOutcome(page, limit, text, index.name);
  const indexQuery: SearchIndexQuery = {
    text,
    scopes: await searchScopesFor(context, viewer, query, types),
    ...(query.types?.length ? { types: query.types } : {}),
    ...(insertUserIDs ? { insertUserIDs } : {}),
    ...(query.discussionID ? { discussionID: query.discussionID } : {}),
    ...(query.name ? { name: query.name } : {}),
    ...(tagIDs ? { tags: { tagIDs, operator: tagOperator } } : {}),
    ...(dateInserted ? { dateInserted } : {}),
    ...(dateUpdated ? { dateUpdated } : {}),
    sort: query.sort ?? "relevance",
    offset: (page - 1) * limit,
    limit,
  };
  const result = await index.search(indexQuery);
  const foundNothing = page === 1 && result.hits.length === 0 && hasSearchTerms(text);
  return {
    suggestion: foundNothing ? await suggestQuery(index, indexQuery, query.query ?? "") : null,
    hits: result.hits,
    total: result.total ?? result.hits.length,
    page,
    limit,
    text,
    poweredBy: index.name,
  };
}
