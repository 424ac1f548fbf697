import { AUTOCOMPLETE_TOTAL_LIMIT } from "../../api/searchConstants";
import { hasPositiveSearchTerm } from "../../api/searchQuerySyntax";
import type { SearchResult } from "../../api/searchApi";
import { fetchSearch } from "./searchClient";

/** A group of suggestions: one `GET /search` per source, each asking for its share of 10 results. */
export interface AutocompleteSource {
  key: string;
  /** Heading of the group (translated where shown). */
  label: string;
  recordTypes: string[];
}

export const AUTOCOMPLETE_SOURCES: readonly AutocompleteSource[] = [
  { key: "posts", label: "Posts", recordTypes: ["discussion", "comment"] },
  { key: "members", label: "Members", recordTypes: ["user"] },
  { key: "categories", label: "Categories", recordTypes: ["category"] },
];

export interface SuggestionGroup {
  source: AutocompleteSource;
  results: SearchResult[];
}

/** SPEC 9: 10 divided by the number of sources (at least 1 each). */
export function autocompleteLimit(sourceCount: number): number {
  return Math.max(1, Math.floor(AUTOCOMPLETE_TOTAL_LIMIT / Math.max(1, sourceCount)));
}

/**
 * Suggestions for a query from every source at once: breadcrumbs without bodies, one result per discussion.
 * An empty query gives no results (SPEC 5), nor does one without a word to look for (`-`, `-foo`): the
 * server would answer each source with an empty list. A failing source is left out; the others still show.
 */
export async function fetchSuggestions(query: string, signal: AbortSignal): Promise<SuggestionGroup[]> {
  if (!hasPositiveSearchTerm(query)) return [];
  const limit = autocompleteLimit(AUTOCOMPLETE_SOURCES.length);
  const groups = await Promise.all(
    AUTOCOMPLETE_SOURCES.map(async (source) => {
      try {
        const { results } = await fetchSearch(
          { query, recordTypes: source.recordTypes, limit, expand: ["breadcrumbs", "-body"], collapse: true },
          signal,
        );
        return { source, results };
      } catch (error) {
        if (signal.aborted) throw error;
        return { source, results: [] };
      }
    }),
  );
  return groups.filter((group) => group.results.length > 0);
}
