import type { Db, DbOrTx } from "@library/server/db/database";
import type { SearchDocument } from "@library/server/search/searchRecordTypes";
import { sql } from "kysely";
import {
  DEFAULT_SEARCH_REACH,
  type SearchHit,
  type SearchIndex,
  type SearchIndexQuery,
  type SearchIndexResult,
  type SearchReach,
} from "./searchIndex";
import { SharedIndexQueries } from "./sharedIndexQueries";
import {
  and,
  countReach,
  dateOrder,
  documentConditions,
  likePattern,
  totalOfShortPage,
} from "./searchFilterSql";
import { isPrefixTerm, type ParsedSearchQuery } from "./searchQueryText";
import { indexableText, isPrefixWord, wordsOfTerm } from "./searchWords";

/** FTS5's default number of segments merged at once while writing. */
const FTS5_AUTOMERGE = 4;

/** At most this many pages written by the merge after a rebuild (negative in the command: only levels that need it). */
const MERGE_PAGES = 10_000_000;

/** A term as an FTS5 phrase: its words in a row, the last one a prefix when allowed (null without words). */
function ftsPhrase(term: string, prefix: boolean): string | null {
  const words = wordsOfTerm(term);
  const last = words[words.length - 1];
  if (last === undefined) return null;
  return `"${words.join(" ")}"${prefix && isPrefixWord(last) ? "*" : ""}`;
}

function phrasesOf(terms: readonly string[], prefix: (index: number) => boolean): string[] {
  return terms
    .map((term, index) => ftsPhrase(term, prefix(index)))
    .filter((phrase): phrase is string => phrase !== null);
}

/** The FTS5 expression of a parsed query, and the exclusions left when nothing positive is matched. */
function matchOf(text: ParsedSearchQuery): { match: string | null; excludedOnly: string | null } {
  const terms = phrasesOf(text.terms, (index) => isPrefixTerm(text, index));
  const excluded = phrasesOf(text.excluded, () => false);
  const exclusion = excluded.length > 0 ? excluded.join(" OR ") : null;
  if (terms.length === 0) return { match: null, excludedOnly: exclusion };
  const match = terms.join(text.operator === "or" ? " OR " : " AND ");
  return { match: exclusion ? `(${match}) NOT (${exclusion})` : match, excludedOnly: null };
}

/**
 * SQLite FTS5: a contentless word index (unicode61, case and accents folded, prefix indexes for two and three
 * letters; see the migrations) beside `searchDocuments`, which holds the text. Every word is matched as a prefix
 * of indexed words where the query allows it (the last word typed), as on PostgreSQL. BM25 ranks with the title weighted 10 to 1.
 */
export class SqliteSearchIndex extends SharedIndexQueries implements SearchIndex {
  readonly name = "sqlite-fts5";

  constructor(
    db: Db,
    private readonly reach: SearchReach = DEFAULT_SEARCH_REACH,
  ) {
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
      const existing = await this.existingDocuments(trx, documents);
      const texts: { docID: number; name: string; body: string }[] = [];
      const replaced: number[] = [];
      for (const document of documents) {
        const { name, body, ...fields } = document;
        const found = existing.get(`${document.recordType}:${document.recordID}`);
        let docID: number;
        if (found) {
          docID = found.docID;
          await trx.updateTable("searchDocuments").set(fields).where("docID", "=", docID).execute();
          // Unchanged text is not indexed again: a rebuild or a sync over an up-to-date index writes no words.
          if (found.name === name && found.body === body) continue;
          replaced.push(docID);
        } else {
          const inserted = await trx.insertInto("searchDocuments").values(fields).executeTakeFirstOrThrow();
          docID = Number(inserted.insertId);
        }
        texts.push({ docID, name, body });
      }
      for (const text of texts)
        await trx
          .insertInto("searchDocumentTexts")
          .values(text)
          .onConflict((conflict) =>
            conflict.column("docID").doUpdateSet({ name: text.name, body: text.body }),
          )
          .execute();
      if (replaced.length > 0)
        await sql`delete from "searchText" where rowid in (${sql.join(replaced)})`.execute(trx);
      for (const text of texts)
        await sql`insert into "searchText" (rowid, "name", "body")
          values (${text.docID}, ${indexableText(text.name)}, ${indexableText(text.body)})`.execute(trx);
    });
  }

  /** The documents already indexed for these records, with their text, by `recordType:recordID`. */
  private async existingDocuments(
    trx: DbOrTx,
    documents: readonly SearchDocument[],
  ): Promise<Map<string, { docID: number; name: string | null; body: string | null }>> {
    const found = new Map<string, { docID: number; name: string | null; body: string | null }>();
    const byType = new Map<string, number[]>();
    for (const document of documents)
      byType.set(document.recordType, [...(byType.get(document.recordType) ?? []), document.recordID]);
    for (const [recordType, recordIDs] of byType) {
      const rows = await trx
        .selectFrom("searchDocuments as d")
        .leftJoin("searchDocumentTexts as t", "t.docID", "d.docID")
        .select(["d.docID", "d.recordID", "t.name", "t.body"])
        .where("d.recordType", "=", recordType)
        .where("d.recordID", "in", recordIDs)
        .execute();
      for (const row of rows)
        found.set(`${recordType}:${row.recordID}`, { docID: row.docID, name: row.name, body: row.body });
    }
    return found;
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
    await trx.deleteFrom("searchDocumentTexts").where("docID", "in", docIDs).execute();
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
      await sql`delete from "searchDocumentTexts" where "docID" in (select "docID" from "searchDocuments" where "recordType" = ${recordType})`.execute(
        trx,
      );
      await trx.deleteFrom("searchDocuments").where("recordType", "=", recordType).execute();
    });
  }

  async search(query: SearchIndexQuery): Promise<SearchIndexResult> {
    const { match, excludedOnly } = matchOf(query.text);
    const conditions = documentConditions(query);
    if (match) conditions.unshift(sql`"searchText" match ${match}`);
    if (excludedOnly)
      conditions.push(
        sql`d."docID" not in (select rowid from "searchText" where "searchText" match ${excludedOnly})`,
      );
    if (query.name)
      conditions.push(
        sql`d."docID" in (select "docID" from "searchDocumentTexts" where "name" like ${likePattern(query.name)} escape '\\')`,
      );
    const where = and(conditions);
    const from = match
      ? sql`"searchText" join "searchDocuments" d on d."docID" = "searchText".rowid`
      : sql`"searchDocuments" d`;
    type Row = Omit<SearchHit, "name" | "body"> & { docID: number };
    // The page first, by document ids only: carrying every match's text through the sort costs more than
    // the search itself on frequent words. The text of the page's documents is read after, by id.
    let page: { rows: Row[] };
    if (query.sort === "relevance" && match) {
      // BM25 of the newest matches the viewer may see (FTS5 walks them newest first), then the page by score.
      page = await sql<Row>`
        select c."docID", c."recordType", c."recordID", c."type" from (
          select d."docID", d."recordType", d."recordID", d."type", bm25("searchText", 10.0, 1.0) as "score"
          from ${from} where ${where} order by "searchText".rowid desc limit ${this.reach.rankCandidates}
        ) c order by c."score", c."docID" desc limit ${query.limit} offset ${query.offset}`.execute(this.db);
    } else {
      const order = dateOrder(query.sort === "relevance" ? "-dateInserted" : query.sort);
      page = await sql<Row>`
        select d."docID", d."recordType", d."recordID", d."type"
        from ${from} where ${where} order by ${order} limit ${query.limit} offset ${query.offset}`.execute(
        this.db,
      );
    }
    const hits = await this.withText(page.rows);
    if (query.withoutTotal) return { hits, total: null };
    const known = totalOfShortPage(query, hits.length);
    if (known !== null) return { hits, total: known };
    const counted = await sql<{ total: number }>`
      select count(*) as "total" from (select 1 from ${from} where ${where}
      limit ${countReach(query, match !== null, this.reach)})`.execute(this.db);
    return { hits, total: Number(counted.rows[0]?.total ?? 0) };
  }

  /**
   * FTS5 merges some of its segments on every write (automerge), and the merges read ever larger segments as
   * the index grows: during a rebuild that becomes most of the time. The rebuild turns it off (FTS5 still
   * merges when a level holds too many segments) and back on at the end, then merges until no level holds
   * more than a few segments: a query reads every segment, and a rebuild that replaced documents leaves enough
   * of them, and of deleted entries, to make queries several times slower. (A full 'optimize' gives the same
   * speed but rewrites the whole index, minutes on a million documents.)
   */
  async bulkLoad(starting: boolean): Promise<void> {
    const automerge = sql.lit(starting ? 0 : FTS5_AUTOMERGE);
    await sql`insert into "searchText" ("searchText", rank) values ('automerge', ${automerge})`.execute(
      this.db,
    );
    if (!starting)
      await sql`insert into "searchText" ("searchText", rank) values ('merge', ${sql.lit(-MERGE_PAGES)})`.execute(
        this.db,
      );
  }

  private async withText(
    rows: readonly (Omit<SearchHit, "name" | "body"> & { docID: number })[],
  ): Promise<SearchHit[]> {
    if (rows.length === 0) return [];
    const texts = await this.db
      .selectFrom("searchDocumentTexts")
      .select(["docID", "name", "body"])
      .where(
        "docID",
        "in",
        rows.map((row) => row.docID),
      )
      .execute();
    const byID = new Map(texts.map((text) => [text.docID, text]));
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
        select sum("pgsize") as "bytes" from "dbstat" where "name" like 'searchText%' or "name" like 'searchDocument%'`.execute(
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
