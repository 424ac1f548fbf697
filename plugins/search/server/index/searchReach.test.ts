import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { SearchDocument } from "@library/server/search/searchRecordTypes";
import { PostgresSearchIndex } from "./postgresSearchIndex";
import type { SearchIndex, SearchIndexQuery } from "./searchIndex";
import { SqliteSearchIndex } from "./sqliteSearchIndex";

/** The bounds on a very frequent word, at a small scale: rank the newest matches, count to a limit. */
describe.each(testDialects)("the index's reach on frequent words (%s)", (dialect) => {
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
    const reach = { rankCandidates: 10, maxCounted: 25 };
    index =
      dialect === "postgres"
        ? new PostgresSearchIndex(testApp.context.db, reach)
        : new SqliteSearchIndex(testApp.context.db, reach);
    const documents: SearchDocument[] = [document(1, "Apple harvest", "An old apple post.")];
    for (let id = 2; id <= 40; id++)
      documents.push(document(id, `Post ${id}`, `Some words about an apple, ${id}.`));
    documents.push(document(41, "Pear", "Only pears here."));
    await index.upsert(documents);
  });
  afterAll(() => testApp.close());

  it("ranks the newest matches of a word found more often than it ranks, title matches first among them", async () => {
    await index.upsert([document(35, "Apple pie", "Bake it.")]);
    const found = await index.search(query("apple"));
    expect(found.hits[0]?.recordID).toBe(35);
    // The oldest document has the word in its title too, but is past the ten newest matches.
    expect(found.hits.map((hit) => hit.recordID)).not.toContain(1);
  });

  it("ranks every match of a word found less often, and counts them all", async () => {
    const found = await index.search(query("harvest"));
    expect(found.hits.map((hit) => hit.recordID)).toEqual([1]);
    expect(found.total).toBe(1);
  });

  it("counts what can be paged: the ranked matches by relevance, by date up to its limit", async () => {
    expect((await index.search(query("apple"))).total).toBe(10);
    expect((await index.search(query("apple", { offset: 5 }))).hits).toHaveLength(5);
    expect((await index.search(query("apple", { offset: 10 }))).hits).toEqual([]);
    expect((await index.search(query("apple", { sort: "-dateInserted" }))).total).toBe(25);
    expect((await index.search(query("apple", { sort: "-dateInserted", offset: 37 }))).total).toBe(40);
    expect((await index.search(query("apple", { offset: 100 }))).hits).toEqual([]);
  });

  it("sorts by date over every match, not only the ranked ones", async () => {
    const oldest = await index.search(query("apple", { sort: "dateInserted", limit: 1 }));
    expect(oldest.hits[0]?.recordID).toBe(1);
  });
});
