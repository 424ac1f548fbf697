import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { SearchDocument } from "@library/server/search/searchRecordTypes";
import { PostgresSearchIndex } from "./postgresSearchIndex";
import type { SearchIndex, SearchIndexQuery } from "./searchIndex";
import { SqliteSearchIndex } from "./sqliteSearchIndex";

describe.each(testDialects)("writing to the index (%s)", (dialect) => {
  let testApp: TestApp;
  let index: SearchIndex;

  function document(recordID: number, name: string, body: string): SearchDocument {
    return {
      recordType: "discussion",
      recordID,
      type: "discussion",
      name,
      body,
      categoryID: 1,
      discussionID: recordID,
      insertUserID: 1,
      dateInserted: new Date(Date.UTC(2026, 0, 1, 0, recordID)).toISOString(),
      dateUpdated: null,
    };
  }

  const query = (words: string, page: Partial<SearchIndexQuery> = {}): SearchIndexQuery => ({
    text: { terms: words.split(" "), excluded: [], operator: "and" },
    scopes: [{ recordTypes: ["discussion"], categoryIDs: null }],
    sort: "relevance",
    offset: 0,
    limit: 5,
    ...page,
  });

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    index =
      dialect === "postgres"
        ? new PostgresSearchIndex(testApp.context.db)
        : new SqliteSearchIndex(testApp.context.db);
  });
  afterAll(() => testApp.close());

  const ids = async (words: string) => (await index.search(query(words))).hits.map((hit) => hit.recordID);

  it("keeps an unchanged document found when it is written again, with its new fields", async () => {
    await index.upsert([document(1, "Walnut harvest", "Shake the branches.")]);
    await index.upsert([{ ...document(1, "Walnut harvest", "Shake the branches."), categoryID: 2 }]);
    expect(await ids("walnut")).toEqual([1]);
    const moved = await index.search({
      ...query("walnut"),
      scopes: [{ recordTypes: ["discussion"], categoryIDs: [2] }],
    });
    expect(moved.hits.map((hit) => hit.recordID)).toEqual([1]);
    expect((await index.search(query("walnut"))).hits[0]?.body).toBe("Shake the branches.");
  });

  it("finds a changed document by its new words only, and writes many at once", async () => {
    await index.upsert([
      document(2, "Hazel hedge", "Coppice it."),
      document(3, "Chestnut roast", "Score them."),
    ]);
    await index.upsert([
      document(2, "Hazel hedge", "Lay it instead."),
      document(3, "Chestnut roast", "Score them."),
    ]);
    expect(await ids("coppice")).toEqual([]);
    expect(await ids("lay")).toEqual([2]);
    expect(await ids("chestnut")).toEqual([3]);
    expect((await index.search(query("hazel"))).hits[0]?.body).toBe("Lay it instead.");
  });

  it("matches the last word typed as the start of a word and the words before it whole", async () => {
    await index.upsert([document(4, "Theme sidebar widgets", "Custom themes for the sidebar.")]);
    expect(await ids("sidebar wid")).toEqual([4]);
    expect(await ids("custo")).toEqual([4]);
    expect(await ids("custo sidebar")).toEqual([]);
    expect(await ids("custom sidebar")).toEqual([4]);
    const every = await index.search({
      ...query("custo side"),
      text: { terms: ["custo", "side"], excluded: [], operator: "and", prefixes: "every" },
    });
    expect(every.hits.map((hit) => hit.recordID)).toEqual([4]);
  });
});
