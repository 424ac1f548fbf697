import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import * as createSearchIndex from "./2027-01-05T1000_create_search_index";
import * as searchWordIndex from "./2027-01-07T1000_search_word_index";

/** SQLite only: on PostgreSQL the migration changes nothing (its index already matched words). */
describe("the word-index migration (SQLite)", () => {
  let db: Kysely<unknown>;

  beforeEach(async () => {
    db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    await createSearchIndex.up(db);
    const documents = [
      { docID: 1, name: "Slow email digests", body: "Digests arrive late since the upgrade." },
      { docID: 2, name: "東京の天気", body: "今日は晴れです" },
      { docID: 3, name: "Crème brûlée", body: "A café recipe" },
    ];
    for (const document of documents) {
      await sql`insert into "searchDocuments" ("docID", "recordType", "recordID", "type", "insertUserID", "dateInserted")
        values (${document.docID}, 'discussion', ${document.docID}, 'discussion', 1, '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await sql`insert into "searchText" (rowid, "name", "body") values (${document.docID}, ${document.name}, ${document.body})`.execute(
        db,
      );
    }
    await searchWordIndex.up(db);
  });

  afterEach(() => db.destroy());

  async function matching(match: string): Promise<number[]> {
    const rows = await sql<{ docID: number }>`
      select rowid as "docID" from "searchText" where "searchText" match ${match} order by rowid`.execute(db);
    return rows.rows.map((row) => row.docID);
  }

  it("keeps every document's text and finds it by words, prefixes, accents folded and CJK runs", async () => {
    const texts = await sql<{ docID: number; name: string }>`
      select "docID", "name" from "searchDocumentTexts" order by "docID"`.execute(db);
    expect(texts.rows.map((row) => row.name)).toEqual(["Slow email digests", "東京の天気", "Crème brûlée"]);
    expect(await matching('"digest"*')).toEqual([1]);
    expect(await matching('"upgrade"')).toEqual([1]);
    expect(await matching('"creme"')).toEqual([3]);
    expect(await matching('"cafe"')).toEqual([3]);
    expect(await matching('"東 京"')).toEqual([2]);
    expect(await matching('"晴 れ"')).toEqual([2]);
    expect(await matching('"京 東"')).toEqual([]);
  });

  it("leaves a contentless index whose rows can be deleted", async () => {
    await sql`delete from "searchText" where rowid = 1`.execute(db);
    expect(await matching('"digests"')).toEqual([]);
  });

  it("goes back down to the trigram index with the same text", async () => {
    await searchWordIndex.down(db);
    const rows = await sql<{ docID: number }>`
      select rowid as "docID" from "searchText" where "searchText" match '"ail dig"'`.execute(db);
    expect(rows.rows.map((row) => row.docID)).toEqual([1]);
  });
});
