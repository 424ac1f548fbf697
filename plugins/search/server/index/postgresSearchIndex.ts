import type { Db } from "@library/server/db/database";
import type { SearchDocument } from "@library/server/search/searchRecordTypes";
import { sql, type RawBuilder } from "kysely";
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
import { CJK_PATTERN, isPrefixTerm, type ParsedSearchQuery } from "./searchQueryText";

type Fragment = RawBuilder<unknown>;

/** Words as the `simple` configuration splits them: runs of letters and digits, lower-case. */
function lexemesOf(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length > 0);
}

/** A term as tsquery text: its words in sequence, the last one a prefix when allowed. */
function tsTerm(term: string, prefix: boolean): string | null {
  const lexemes = lexemesOf(term);
  if (lexemes.length === 0) return null;
  return lexemes
    .map((lexeme, index) => `'${lexeme}'${prefix && index === lexemes.length - 1 ? ":*" : ""}`)
    .join(" <-> ");
}

function ilikeEither(term: string): Fragment {
  const pattern = likePattern(term);
  return sql`(d."name" ilike ${pattern} or d."body" ilike ${pattern})`;
}

/**
 * The tsquery text and the substring conditions of a parsed query. Terms in scripts without spaces (Chinese,
 * Japanese, Korean) are not words to the `simple` parser: they are matched as substrings (ILIKE, served by
 * the trigram indexes when pg_trgm is installed).
 */
function textConditions(text: ParsedSearchQuery): { tsquery: string | null; conditions: Fragment[] } {
  const joiner = text.operator === "or" ? " | " : " & ";
  const words = text.terms
    .map((term, index) => (CJK_PATTERN.test(term) ? null : tsTerm(term, isPrefixTerm(text, index))))
    .filter((part) => part !== null);
  const tsParts = words.filter((part): part is string => part !== null).map((part) => `(${part})`);
  const substrings = text.terms.filter((term) => CJK_PATTERN.test(term)).map(ilikeEither);
  const conditions: Fragment[] = [];
  let tsquery = tsParts.length > 0 ? tsParts.join(joiner) : null;
  if (text.operator === "or" && tsquery && substrings.length > 0) {
    // Either kind may match: the tsquery is applied in the OR below, not as its own condition.
    conditions.push(
      sql`(d."document" @@ to_tsquery('simple', ${tsquery}) or ${sql.join(substrings, sql` or `)})`,
    );
    tsquery = null;
  } else if (text.operator === "or" && substrings.length > 0) {
    conditions.push(sql`(${sql.join(substrings, sql` or `)})`);
  } else {
    conditions.push(...substrings);
  }
  const excludedWords = text.excluded
    .filter((term) => !CJK_PATTERN.test(term))
    .map((term) => tsTerm(term, false))
    .filter((part): part is string => part !== null);
  for (const part of excludedWords) conditions.push(sql`not (d."document" @@ to_tsquery('simple', ${part}))`);
  for (const term of text.excluded.filter((value) => CJK_PATTERN.test(value)))
    conditions.push(sql`not ${ilikeEither(term)}`);
  return { tsquery, conditions };
}

/** Title weight A (1.0) against body B (0.4): a match in the title ranks first. */
const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";

/** PostgreSQL full text: a stored `tsvector` under GIN, ranked by `ts_rank`; the last word matched as a prefix. */
export class PostgresSearchIndex extends SharedIndexQueries implements SearchIndex {
  readonly name = "postgres-tsvector";

  constructor(
    db: Db,
    private readonly reach: SearchReach = DEFAULT_SEARCH_REACH,
  ) {
    super(db);
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    const rows = documents.map(
      (d) =>
        sql`(${d.recordType}, ${d.recordID}, ${d.type}, ${d.categoryID}, ${d.discussionID}, ${d.insertUserID}, ${d.dateInserted}, ${d.dateUpdated}, ${d.name}, ${d.body})`,
    );
    await sql`insert into "searchDocuments"
      ("recordType", "recordID", "type", "categoryID", "discussionID", "insertUserID", "dateInserted", "dateUpdated", "name", "body")
      values ${sql.join(rows)}
      on conflict ("recordType", "recordID") do update set
        "type" = excluded."type", "categoryID" = excluded."categoryID", "discussionID" = excluded."discussionID",
        "insertUserID" = excluded."insertUserID", "dateInserted" = excluded."dateInserted",
        "dateUpdated" = excluded."dateUpdated", "name" = excluded."name", "body" = excluded."body"`.execute(
      this.db,
    );
  }

  async remove(recordType: string, recordIDs: readonly number[]): Promise<void> {
    if (recordIDs.length === 0) return;
    await this.db
      .deleteFrom("searchDocuments")
      .where("recordType", "=", recordType)
      .where("recordID", "in", recordIDs)
      .execute();
  }

  async removeDiscussion(discussionID: number): Promise<void> {
    await this.db.deleteFrom("searchDocuments").where("discussionID", "=", discussionID).execute();
  }

  async removeMissing(
    recordType: string,
    afterID: number,
    upToID: number,
    keep: readonly number[],
  ): Promise<number> {
    let query = this.db
      .deleteFrom("searchDocuments")
      .where("recordType", "=", recordType)
      .where("recordID", ">", afterID);
    if (Number.isFinite(upToID)) query = query.where("recordID", "<=", upToID);
    if (keep.length > 0) query = query.where("recordID", "not in", keep);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async clear(recordType: string): Promise<void> {
    await this.db.deleteFrom("searchDocuments").where("recordType", "=", recordType).execute();
  }

  async search(query: SearchIndexQuery): Promise<SearchIndexResult> {
    const { tsquery, conditions: textFilters } = textConditions(query.text);
    const conditions = [...documentConditions(query), ...textFilters];
    if (tsquery) conditions.unshift(sql`d."document" @@ to_tsquery('simple', ${tsquery})`);
    if (query.name) conditions.push(sql`d."name" ilike ${likePattern(query.name)}`);
    const where = and(conditions);
    type Row = Omit<SearchHit, "name" | "body"> & { docID: number };
    // The page first, by document ids only (the text is read for the page's documents alone, after).
    let page: { rows: Row[] };
    if (query.sort === "relevance" && tsquery) {
      // ts_rank of the newest matches the viewer may see, then the page by rank.
      page = await sql<Row>`
        select c."docID", c."recordType", c."recordID", c."type" from (
          select d."docID", d."recordType", d."recordID", d."type", d."document"
          from "searchDocuments" d where ${where} order by d."docID" desc limit ${this.reach.rankCandidates}
        ) c
        order by ts_rank(${RANK_WEIGHTS}::float4[], c."document", to_tsquery('simple', ${tsquery})) desc, c."docID" desc
        limit ${query.limit} offset ${query.offset}`.execute(this.db);
    } else {
      const order = dateOrder(query.sort === "relevance" ? "-dateInserted" : query.sort);
      page = await sql<Row>`
        select d."docID", d."recordType", d."recordID", d."type"
        from "searchDocuments" d where ${where} order by ${order}
        limit ${query.limit} offset ${query.offset}`.execute(this.db);
    }
    const hits = await this.withText(page.rows);
    if (query.withoutTotal) return { hits, total: null };
    const known = totalOfShortPage(query, hits.length);
    if (known !== null) return { hits, total: known };
    const counted = await sql<{ total: number }>`
      select count(*) as "total" from (select 1 from "searchDocuments" d where ${where}
      limit ${countReach(query, tsquery !== null, this.reach)}) as "matched"`.execute(this.db);
    return { hits, total: Number(counted.rows[0]?.total ?? 0) };
  }

  private async withText(
    rows: readonly (Omit<SearchHit, "name" | "body"> & { docID: number })[],
  ): Promise<SearchHit[]> {
    if (rows.length === 0) return [];
    const texts = await sql<{ docID: number; name: string; body: string }>`
      select "docID", "name", "body" from "searchDocuments"
      where "docID" in (${sql.join(rows.map((row) => row.docID))})`.execute(this.db);
    const byID = new Map(texts.rows.map((text) => [Number(text.docID), text]));
    return rows.map(({ docID, ...row }) => ({
      ...row,
      name: byID.get(Number(docID))?.name ?? "",
      body: byID.get(Number(docID))?.body ?? "",
    }));
  }

  /** After a rebuild the planner's statistics are refreshed; GIN keeps up on its own meanwhile. */
  async bulkLoad(starting: boolean): Promise<void> {
    if (!starting) await sql`analyze "searchDocuments"`.execute(this.db);
  }

  async stats(): Promise<{ documents: number; bytes: number | null }> {
    const result = await sql<{ total: number; bytes: number }>`
      select (select count(*) from "searchDocuments") as "total",
             pg_total_relation_size('"searchDocuments"') as "bytes"`.execute(this.db);
    const row = result.rows[0];
    return { documents: Number(row?.total ?? 0), bytes: row ? Number(row.bytes) : null };
  }
}
