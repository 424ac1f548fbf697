import type { Db, DbOrTx } from "@library/server/db/database";
import type { SearchDocument } from "@library/server/search/searchRecordTypes";
import { sql, type RawBuilder } from "kysely";
import type { SearchHit, SearchIndex, SearchIndexQuery, SearchIndexResult } from "./searchIndex";
import { SharedIndexQueries } from "./sharedIndexQueries";
import { and, dateOrder, documentConditions, likePattern } from "./searchFilterSql";
import type { ParsedSearchQuery } from "./searchQueryText";

type Fragment = RawBuilder<unknown>;

/** FTS5's default number of segments merged at once while writing. */
const FTS5_AUTOMERGE = 4;

/** The trigram tokenizer indexes runs of three characters: shorter terms are matched with LIKE instead. */
const TRIGRAM = 3;

function isShort(term: string): boolean {
  return [...term].length < TRIGRAM;
}

function ftsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

function likeEither(term: string): Fragment {
  const pattern = likePattern(term);
  return sql`("searchText"."name" like ${pattern} escape '\\' or "searchText"."body" like ${pattern} escape '\\')`;
}

/**
 * The FTS5 expression and the LIKE conditions for a parsed query. Terms of three characters or more go to
 * MATCH; shorter ones become LIKE conditions with `and` (with `or` they are dropped when longer terms exist,
 * and alone they are matched by LIKE).
 */
function textConditions(text: ParsedSearchQuery): { match: string | null; conditions: Fragment[] } {
  const long = text.terms.filter((term) => !isShort(term));
  const short = text.terms.filter(isShort);
  const conditions: Fragment[] = [];
  let match: string | null = null;
  if (long.length > 0) {
    match = long.map(ftsString).join(text.operator === "or" ? " OR " : " AND ");
    if (text.operator === "and") conditions.push(...short.map(likeEither));
  } else if (short.length > 0) {
    conditions.push(
      text.operator === "or"
        ? sql`(${sql.join(short.map(likeEither), sql` or `)})`
        : and(short.map(likeEither)),
    );
  }
  const excludedLong = text.excluded.filter((term) => !isShort(term));
  if (match && excludedLong.length > 0)
    match = `(${match}) NOT (${excludedLong.map(ftsString).join(" OR ")})`;
  else if (excludedLong.length > 0)
    conditions.push(...excludedLong.map((term) => sql`not ${likeEither(term)}`));
  conditions.push(...text.excluded.filter(isShort).map((term) => sql`not ${likeEither(term)}`));
  return { match, conditions };
}

/** SQLite FTS5 with the trigram tokenizer (see the migration); BM25 ranks with the title weighted 10 to 1. */
export class SqliteSearchIndex extends SharedIndexQueries implements SearchIndex {
  readonly name = "sqlite-fts5";

  constructor(db: Db) {
    super(db);
  }

  /**
   * Documents rows first, the FTS5 rows last and together: FTS5 writes its pending terms out as a new segment
   * at every statement savepoint (an INSERT … RETURNING opens one), so interleaving the two tables would write
   * a segment per document and spend a rebuild merging them.
   */
  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const texts: { docID: number; name: string; body: string }[] = [];
      const replaced: number[] = [];
      for (const document of documents) {
        const { name, body, ...fields } = document;
        const existing = await trx
          .selectFrom("searchDocuments")
          .select("docID")
          .where("recordType", "=", document.recordType)
          .where("recordID", "=", document.recordID)
          .executeTakeFirst();
        let docID: number;
        if (existing) {
          docID = existing.docID;
          replaced.push(docID);
          await trx.updateTable("searchDocuments").set(fields).where("docID", "=", docID).execute();
        } else {
          const inserted = await trx.insertInto("searchDocuments").values(fields).executeTakeFirstOrThrow();
          docID = Number(inserted.insertId);
        }
        texts.push({ docID, name, body });
      }
      if (replaced.length > 0)
        await sql`delete from "searchText" where rowid in (${sql.join(replaced)})`.execute(trx);
      for (const text of texts)
        await sql`insert into "searchText" (rowid, "name", "body") values (${text.docID}, ${text.name}, ${text.body})`.execute(
          trx,
        );
    });
  }

  async remove(recordType: string, recordIDs: readonly number[]): Promise<void> {
    if (recordIDs.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("searchDocuments")
        .select("docID")
        .where("recordType", "=", recordType)
        .where("recordID", "in", recordIDs)
        .execute();
      await this.deleteDocs(
        trx,
        rows.map((row) => row.docID),
      );
    });
  }

  private async deleteDocs(trx: DbOrTx, docIDs: number[]): Promise<void> {
    if (docIDs.length === 0) return;
    await sql`delete from "searchText" where rowid in (${sql.join(docIDs)})`.execute(trx);
    await trx.deleteFrom("searchDocuments").where("docID", "in", docIDs).execute();
  }

  async removeDiscussion(discussionID: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("searchDocuments")
        .select("docID")
        .where("discussionID", "=", discussionID)
        .execute();
      await this.deleteDocs(
        trx,
        rows.map((row) => row.docID),
      );
    });
  }

  async removeMissing(
    recordType: string,
    afterID: number,
    upToID: number,
    keep: readonly number[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom("searchDocuments")
        .select("docID")
        .where("recordType", "=", recordType)
        .where("recordID", ">", afterID);
      if (Number.isFinite(upToID)) query = query.where("recordID", "<=", upToID);
      if (keep.length > 0) query = query.where("recordID", "not in", keep);
      const rows = await query.execute();
      await this.deleteDocs(
        trx,
        rows.map((row) => row.docID),
      );
      return rows.length;
    });
  }

  async clear(recordType: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`delete from "searchText" where rowid in (select "docID" from "searchDocuments" where "recordType" = ${recordType})`.execute(
        trx,
      );
      await trx.deleteFrom("searchDocuments").where("recordType", "=", recordType).execute();
    });
  }

  async search(query: SearchIndexQuery): Promise<SearchIndexResult> {
    const { match, conditions: textFilters } = textConditions(query.text);
    const conditions = [...documentConditions(query), ...textFilters];
    if (match) conditions.unshift(sql`"searchText" match ${match}`);
    if (query.name) conditions.push(sql`"searchText"."name" like ${likePattern(query.name)} escape '\\'`);
    const where = and(conditions);
    const from = sql`"searchText" join "searchDocuments" d on d."docID" = "searchText".rowid`;
    const order =
      query.sort === "relevance" && match
        ? sql`bm25("searchText", 10.0, 1.0), d."docID" desc`
        : dateOrder(query.sort === "relevance" ? "-dateInserted" : query.sort);
    // The page first, by document ids only: carrying every match's text through the sort costs more than
    // the search itself on frequent words. The text of the page's documents is read after, by rowid.
    const page = await sql<Omit<SearchHit, "name" | "body"> & { docID: number }>`
      select d."docID", d."recordType", d."recordID", d."type"
      from ${from} where ${where} order by ${order} limit ${query.limit} offset ${query.offset}`.execute(
      this.db,
    );
    const hits = await this.withText(page.rows);
    if (query.withoutTotal) return { hits, total: null };
    const counted = await sql<{
      total: number;
    }>`select count(*) as "total" from ${from} where ${where}`.execute(this.db);
    return { hits, total: Number(counted.rows[0]?.total ?? 0) };
  }

  /**
   * FTS5 merges some of its segments on every write (automerge), and the merges read ever larger segments as
   * the index grows: during a rebuild that becomes most of the time. The rebuild turns it off (FTS5 still
   * merges when a level holds too many segments) and back on at the end.
   */
  async bulkLoad(starting: boolean): Promise<void> {
    const automerge = sql.lit(starting ? 0 : FTS5_AUTOMERGE);
    await sql`insert into "searchText" ("searchText", rank) values ('automerge', ${automerge})`.execute(
      this.db,
    );
  }

  private async withText(
    rows: readonly (Omit<SearchHit, "name" | "body"> & { docID: number })[],
  ): Promise<SearchHit[]> {
    if (rows.length === 0) return [];
    const texts = await sql<{ docID: number; name: string; body: string }>`
      select rowid as "docID", "name", "body" from "searchText"
      where rowid in (${sql.join(rows.map((row) => row.docID))})`.execute(this.db);
    const byID = new Map(texts.rows.map((text) => [text.docID, text]));
    return rows.map(({ docID, ...row }) => ({
      ...row,
      name: byID.get(docID)?.name ?? "",
      body: byID.get(docID)?.body ?? "",
    }));
  }

  async stats(): Promise<{ documents: number; bytes: number | null }> {
    const counted = await sql<{ total: number }>`select count(*) as "total" from "searchDocuments"`.execute(
      this.db,
    );
    let bytes: number | null;
    try {
      const size = await sql<{ bytes: number }>`
        select sum("pgsize") as "bytes" from "dbstat" where "name" like 'searchText%' or "name" like 'searchDocuments%'`.execute(
        this.db,
      );
      bytes = Number(size.rows[0]?.bytes ?? 0);
    } catch {
      // Builds without the dbstat table cannot tell the size.
      bytes = null;
    }
    return { documents: Number(counted.rows[0]?.total ?? 0), bytes };
  }
}
