import type { SearchDocument } from "@library/server/search/searchRecordTypes";
import type { SearchIndex, SearchIndexQuery, SearchIndexResult, SearchScope } from "./searchIndex";

/** How long an answer is reused: within the 2 s a new post must take to become findable, from any process. */
export const SEARCH_CACHE_MS = 1000;
const MAX_ENTRIES = 500;

interface Entry {
  expires: number;
  result: Promise<SearchIndexResult>;
}

/** The index query as text: a narrowing's subquery by the filters it applies (its `key`), the rest as it is. */
export function searchQueryKey(query: SearchIndexQuery): string {
  return JSON.stringify(query, (name, value: unknown) =>
    name === "records" ? (value as SearchScope["records"])?.key : value,
  );
}

/**
 * The same question asked again within a second (popular words, the autocomplete of many members typing the
 * same thing) gets the same answer without running the full-text query again. The key is the whole index query,
 * the viewer's permission scopes included, so an answer is only ever reused for the same permissions. Any write
 * through this process empties the cache, and so does the cache layer when another process wrote anything public
 * (`forget`); SEARCH_CACHE_MS is only a safety net.
 */
export class CachedSearchIndex implements SearchIndex {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly inner: SearchIndex,
    private readonly now: () => number = Date.now,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  search(query: SearchIndexQuery): Promise<SearchIndexResult> {
    const key = searchQueryKey(query);
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.result;
    const result = this.inner.search(query);
    if (this.entries.size >= MAX_ENTRIES) this.evictExpired(now);
    if (this.entries.size < MAX_ENTRIES) this.entries.set(key, { expires: now + SEARCH_CACHE_MS, result });
    result.catch(() => this.entries.delete(key));
    return result;
  }

  /** Drops every kept answer: the index changed elsewhere. */
  forget(): void {
    this.entries.clear();
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }

  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } finally {
      this.entries.clear();
    }
  }

  upsert(documents: readonly SearchDocument[]): Promise<void> {
    return this.write(() => this.inner.upsert(documents));
  }

  remove(recordType: string, recordIDs: readonly number[]): Promise<void> {
    return this.write(() => this.inner.remove(recordType, recordIDs));
  }

  removeDiscussion(discussionID: number): Promise<void> {
    return this.write(() => this.inner.removeDiscussion(discussionID));
  }

  moveDiscussion(discussionID: number, categoryID: number): Promise<void> {
    return this.write(() => this.inner.moveDiscussion(discussionID, categoryID));
  }

  removeMissing(
    recordType: string,
    afterID: number,
    upToID: number,
    keep: readonly number[],
  ): Promise<number> {
    return this.write(() => this.inner.removeMissing(recordType, afterID, upToID, keep));
  }

  copyDiscussionTags(discussionIDs: readonly number[] | null): Promise<void> {
    return this.write(() => this.inner.copyDiscussionTags(discussionIDs));
  }

  clear(recordType: string): Promise<void> {
    return this.write(() => this.inner.clear(recordType));
  }

  bulkLoad(starting: boolean): Promise<void> {
    return this.write(() => this.inner.bulkLoad(starting));
  }

  hasDocuments(recordType: string): Promise<boolean> {
    return this.inner.hasDocuments(recordType);
  }

  categoryIDs(): Promise<number[]> {
    return this.inner.categoryIDs();
  }

  documentsInCategory(categoryID: number): Promise<{ recordType: string; recordID: number }[]> {
    return this.inner.documentsInCategory(categoryID);
  }

  newestChange(recordType: string): Promise<{ changed: string; recordID: number } | null> {
    return this.inner.newestChange(recordType);
  }

  stats(): Promise<{ documents: number; bytes: number | null }> {
    return this.inner.stats();
  }
}
