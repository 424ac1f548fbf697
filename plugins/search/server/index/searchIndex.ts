import type { SearchDocument, SearchRecordNarrowing } from "@library/server/search/searchRecordTypes";
import type { ParsedSearchQuery } from "./searchQueryText";

/** A set of record types a query may return, limited to some categories (null: any). */
/**
 * How far one search goes, so that it costs the same on any size of forum. Relevance is computed over at
 * most `rankCandidates` matches, the newest the viewer may see: a word found in more documents (a frequent word on a large
 * forum) is ranked among its newest uses; fewer matches are all ranked. A relevance search's total counts what
 * it ranked (what its pages hold); sorted by date every match is reachable. Totals are counted up to
 * `maxCounted` (as far as the pager reaches: page 100 of 100).
 */
export interface SearchReach {
  rankCandidates: number;
  maxCounted: number;
}

export const DEFAULT_SEARCH_REACH: SearchReach = { rankCandidates: 2_000, maxCounted: 10_000 };

export interface SearchScope {
  recordTypes: readonly string[];
  /** Only documents in these categories (an empty list finds nothing); null places no limit. */
  categoryIDs: readonly number[] | null;
  /** Only the records these filters of the record type leave (`knowledgeBaseID`). */
  records?: SearchRecordNarrowing;
}

export interface DateBounds {
  from?: string;
  fromInclusive?: boolean;
  to?: string;
  toInclusive?: boolean;
}

export type SearchSort = "relevance" | "dateInserted" | "-dateInserted" | "dateUpdated" | "-dateUpdated";

/** What the index is asked: the viewer's permissions are already folded into `scopes`. */
export interface SearchIndexQuery {
  text: ParsedSearchQuery;
  /** A document matches when it falls in any of them; no scope finds nothing. */
  scopes: readonly SearchScope[];
  types?: readonly string[];
  insertUserIDs?: readonly number[];
  discussionID?: number;
  /** Title contains (case-insensitive). */
  name?: string;
  /** Only discussions (and their comments) carrying any (`or`) or all (`and`) of these tags. */
  tags?: { tagIDs: readonly number[]; operator: "and" | "or" };
  dateInserted?: DateBounds;
  dateUpdated?: DateBounds;
  sort: SearchSort;
  offset: number;
  limit: number;
  /** Skip the total (autocomplete). */
  withoutTotal?: boolean;
}

export interface SearchHit {
  recordType: string;
  recordID: number;
  type: string;
  name: string;
  /** The indexed plain text, for excerpts. */
  body: string;
}

export interface SearchIndexResult {
  hits: SearchHit[];
  /** Every match, for the pager; null when not counted. */
  total: number | null;
}

/**
 * Full-text search behind one interface: SQLite FTS5 (trigram) or PostgreSQL `tsvector` + GIN. Writes are
 * idempotent (a record is replaced whole), so jobs may run twice.
 */
export interface SearchIndex {
  /** The driver's name (the `x-search-powered-by` header). */
  readonly name: string;
  upsert(documents: readonly SearchDocument[]): Promise<void>;
  remove(recordType: string, recordIDs: readonly number[]): Promise<void>;
  /** Removes a discussion's documents and every document in it (its comments). */
  removeDiscussion(discussionID: number): Promise<void>;
  /** Documents of comments (or anything) in a discussion now live in another category. */
  moveDiscussion(discussionID: number, categoryID: number): Promise<void>;
  /** Every document of a record type whose id is not listed is stale; removes ids in (afterID, upTo] not in keep. */
  removeMissing(
    recordType: string,
    afterID: number,
    upToID: number,
    keep: readonly number[],
  ): Promise<number>;
  /**
   * Copies the forum's tags of these discussions (null: of every discussion) into the index, replacing what it
   * had for them; the tag filter reads this copy.
   */
  copyDiscussionTags(discussionIDs: readonly number[] | null): Promise<void>;
  /** Removes every document of the type. */
  clear(recordType: string): Promise<void>;
  search(query: SearchIndexQuery): Promise<SearchIndexResult>;
  /** Whether any document of the type exists. */
  hasDocuments(recordType: string): Promise<boolean>;
  /** Categories documents point to (to find those of a deleted category). */
  categoryIDs(): Promise<number[]>;
  /** Record types and ids of the documents in a category. */
  documentsInCategory(categoryID: number): Promise<{ recordType: string; recordID: number }[]>;
  /** The document of a type changed last (`coalesce(dateUpdated, dateInserted)`, then the highest id). */
  newestChange(recordType: string): Promise<{ changed: string; recordID: number } | null>;
  /**
   * Around a whole rebuild: the index may defer its upkeep while many documents arrive (`bulkLoad(true)`) and
   * catch up once at the end (`bulkLoad(false)`).
   */
  bulkLoad(starting: boolean): Promise<void>;
  /** Documents and text size, for the reindex report. */
  stats(): Promise<{ documents: number; bytes: number | null }>;
}
