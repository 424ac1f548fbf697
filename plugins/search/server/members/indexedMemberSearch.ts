import type { AppContext } from "@library/server/app/appContext";
import { MEMBER_SEARCH_LIMIT, type MemberSearchProvider } from "@library/server/users/memberSearch";
import { hasSearchTerms, parseSearchQuery } from "../index/searchQueryText";
import { searchIndexOf } from "../indexing/searchIndexing";

/**
 * The dashboard's member search answered from the index's `user` documents (name, and title as the body): every
 * word of the text starts a word of them, case folded (accents too on SQLite). Members join the index
 * through the directory sync, so one who registered or changed within the last sync period is not found yet.
 */
export function indexedMemberSearch(context: AppContext): MemberSearchProvider {
  return {
    async matchingUserIDs(text, limit) {
      const query = parseSearchQuery(text);
      if (!hasSearchTerms(query)) return [];
      const result = await searchIndexOf(context).search({
        text: query,
        scopes: [{ recordTypes: ["user"], categoryIDs: null }],
        // Oldest members first, without ranking: when more match than the cap, the ids kept are the first by
        // join date, close to the list's default order (by id).
        sort: "dateInserted",
        offset: 0,
        // Capped at MEMBER_SEARCH_LIMIT (10,000) whatever the caller asks: each id is a parameter of the list's
        // query, and one or two letters can match most members of a large site.
        limit: Math.min(limit, MEMBER_SEARCH_LIMIT),
        withoutTotal: true,
      });
      return result.hits.map((hit) => hit.recordID);
    },
  };
}
