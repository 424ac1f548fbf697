import { sql, type Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith("Postgres");
}

const CJK_CHARACTERS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;
const BATCH = 2000;

/**
 * SQLite: the trigram index (every three-character substring: about four times the text's size, slow to
 * build, and slow on frequent words because each word is an intersection of its trigrams) becomes a word
 * index with prefix matching, like PostgreSQL's. The text moves to its own table, `searchDocumentTexts`
 * (docID, name, body), so that `searchDocuments` stays narrow for the join every search makes; the FTS5 table
 * keeps only the index (contentless, rows deletable), fed with each Chinese, Japanese or Korean character
 * standing alone so those scripts are still found by any part of a run of characters.
 * PostgreSQL already has both: nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table "searchDocumentTexts" (
    "docID" integer primary key,
    "name" text not null,
    "body" text not null
  )`.execute(db);
  await sql`insert into "searchDocumentTexts" ("docID", "name", "body")
    select rowid, "name", "body" from "searchText"`.execute(db);
  await sql`drop table "searchText"`.execute(db);
  await sql`create virtual table "searchText" using fts5("name", "body", content = '', contentless_delete = 1,
    tokenize = "unicode61 remove_diacritics 2 categories 'L* N* M* Co'", prefix = '2 3')`.execute(db);
  let after = 0;
  for (;;) {
    const rows = await sql<{ docID: number; name: string; body: string }>`
      select "docID", "name", "body" from "searchDocumentTexts" where "docID" > ${after}
      order by "docID" limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) break;
    for (const row of rows.rows)
      await sql`insert into "searchText" (rowid, "name", "body") values (${row.docID},
        ${row.name.replace(CJK_CHARACTERS, " $1 ")}, ${row.body.replace(CJK_CHARACTERS, " $1 ")})`.execute(
        db,
      );
    after = rows.rows[rows.rows.length - 1]?.docID ?? after;
  }
  // One segment instead of one per batch: queries read every segment.
  await sql`insert into "searchText" ("searchText") values ('optimize')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop table "searchText"`.execute(db);
  await sql`create virtual table "searchText" using fts5("name", "body", tokenize = 'trigram remove_diacritics 1')`.execute(
    db,
  );
  await sql`insert into "searchText" (rowid, "name", "body") select "docID", "name", "body" from "searchDocumentTexts"`.execute(
    db,
  );
  await sql`drop table "searchDocumentTexts"`.execute(db);
}
