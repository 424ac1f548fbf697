import type { SearchDocument, SearchRecordNarrowing } from "@library/server/search/searchRecordTypes";
import { sql } from "kysely";
import { CachedSearchIndex, SEARCH_CACHE_MS } from "./cachedSearchIndex";
import type { SearchIndex, SearchIndexQuery } from "./searchIndex";

function countingIndex(): { index: SearchIndex; searches: () => number } {
  let searches = 0;
  const index = {
    name: "counting",
    search: async () => {
      searches += 1;
      return { hits: [], total: searches };
    },
    upsert: async (_documents: readonly SearchDocument[]) => undefined,
  } as unknown as SearchIndex;
  return { index, searches: () => searches };
}

const query = (terms: string[], categoryIDs: number[]): SearchIndexQuery => ({
  text: { terms, excluded: [], operator: "and" },
  scopes: [{ recordTypes: ["discussion"], categoryIDs }],
  sort: "relevance",
  offset: 0,
  limit: 20,
});

describe("CachedSearchIndex", () => {
  it("answers the same question within a second from the cache, and asks again after", async () => {
    let now = 1_000;
    const inner = countingIndex();
    const cached = new CachedSearchIndex(inner.index, () => now);
    expect((await cached.search(query(["tomato"], [1]))).total).toBe(1);
    expect((await cached.search(query(["tomato"], [1]))).total).toBe(1);
    expect(inner.searches()).toBe(1);
    now += SEARCH_CACHE_MS;
    expect((await cached.search(query(["tomato"], [1]))).total).toBe(2);
  });

  it("never shares an answer between different permission scopes", async () => {
    const inner = countingIndex();
    const cached = new CachedSearchIndex(inner.index, () => 0);
    await cached.search(query(["tomato"], [1]));
    await cached.search(query(["tomato"], [1, 2]));
    expect(inner.searches()).toBe(2);
  });

  it("tells record types' filters apart by what they apply, not by their subquery", async () => {
    const inner = countingIndex();
    const cached = new CachedSearchIndex(inner.index, () => 0);
    const narrowed = (key: string): SearchIndexQuery => {
      const records: SearchRecordNarrowing = { key, recordIDs: sql`select 1` };
      return { ...query(["glider"], []), scopes: [{ recordTypes: ["article"], categoryIDs: null, records }] };
    };
    await cached.search(narrowed("articles base=1"));
    await cached.search(narrowed("articles base=2"));
    expect(inner.searches()).toBe(2);
    await cached.search(narrowed("articles base=1"));
    expect(inner.searches()).toBe(2);
  });

  it("forgets every answer when the index is written", async () => {
    const inner = countingIndex();
    const cached = new CachedSearchIndex(inner.index, () => 0);
    await cached.search(query(["tomato"], [1]));
    await cached.upsert([]);
    await cached.search(query(["tomato"], [1]));
    expect(inner.searches()).toBe(2);
  });
});
