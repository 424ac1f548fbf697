import { sql, type RawBuilder } from "kysely";
import type { DateBounds, SearchIndexQuery, SearchReach, SearchScope } from "./searchIndex";

type Fragment = RawBuilder<unknown>;

function list(values: readonly (string | number)[]): Fragment {
  return sql.join(values.map((value) => sql`${value}`));
}

function scopeCondition(scope: SearchScope): Fragment {
  if (scope.recordTypes.length === 0) return sql`1 = 0`;
  let types = sql`d."recordType" in (${list(scope.recordTypes)})`;
  if (scope.records) types = sql`(${types} and d."recordID" in (${scope.records.recordIDs}))`;
  if (scope.categoryIDs === null) return types;
  if (scope.categoryIDs.length === 0) return sql`1 = 0`;
  return sql`(${types} and d."categoryID" in (${list(scope.categoryIDs)}))`;
}

function dateConditions(column: "dateInserted" | "dateUpdated", bounds: DateBounds | undefined): Fragment[] {
  if (!bounds) return [];
  const conditions: Fragment[] = [];
  const ref = sql.ref(`d.${column}`);
  if (bounds.from !== undefined)
    conditions.push(
      bounds.fromInclusive === false ? sql`${ref} > ${bounds.from}` : sql`${ref} >= ${bounds.from}`,
    );
  if (bounds.to !== undefined)
    conditions.push(bounds.toInclusive ? sql`${ref} <= ${bounds.to}` : sql`${ref} < ${bounds.to}`);
  return conditions;
}

/** Discussions (and so their comments) carrying any, or all, of the tags, from the index's copy of them. */
function tagCondition(tags: NonNullable<SearchIndexQuery["tags"]>): Fragment {
  if (tags.tagIDs.length === 0) return sql`1 = 0`;
  const ids = list([...new Set(tags.tagIDs)]);
  return tags.operator === "and"
    ? sql`d."discussionID" in (select t."discussionID" from "searchDiscussionTags" t where t."tagID" in (${ids}) group by t."discussionID" having count(*) = ${new Set(tags.tagIDs).size})`
    : sql`d."discussionID" in (select t."discussionID" from "searchDiscussionTags" t where t."tagID" in (${ids}))`;
}

/** `%`, `_` and the escape character itself, escaped for `LIKE … ESCAPE '\'`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The conditions every dialect applies on `searchDocuments d`: permission scopes, sub-types, authors,
 * discussion and dates. The text match and the title filter are the dialect's own.
 */
export function documentConditions(query: SearchIndexQuery): Fragment[] {
  const conditions: Fragment[] = [];
  conditions.push(
    query.scopes.length === 0 ? sql`1 = 0` : sql`(${sql.join(query.scopes.map(scopeCondition), sql` or `)})`,
  );
  if (query.types?.length) conditions.push(sql`d."type" in (${list(query.types)})`);
  if (query.insertUserIDs?.length) conditions.push(sql`d."insertUserID" in (${list(query.insertUserIDs)})`);
  if (query.discussionID !== undefined) conditions.push(sql`d."discussionID" = ${query.discussionID}`);
  if (query.tags) conditions.push(tagCondition(query.tags));
  conditions.push(...dateConditions("dateInserted", query.dateInserted));
  conditions.push(...dateConditions("dateUpdated", query.dateUpdated));
  return conditions;
}

export function and(conditions: readonly Fragment[]): Fragment {
  return conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` and `);
}

/** ORDER BY for the date sorts (relevance is the dialect's own); ties broken by newest document. */
export function dateOrder(sort: SearchIndexQuery["sort"]): Fragment {
  switch (sort) {
    case "dateInserted":
      return sql`d."dateInserted" asc, d."docID" asc`;
    case "dateUpdated":
      return sql`coalesce(d."dateUpdated", d."dateInserted") asc, d."docID" asc`;
    case "-dateUpdated":
      return sql`coalesce(d."dateUpdated", d."dateInserted") desc, d."docID" desc`;
    default:
      return sql`d."dateInserted" desc, d."docID" desc`;
  }
}

/**
 * The total when the page itself tells it: a page that is not full is the last one, so the total is what came
 * before it plus what it holds (no count needed). Null when a count is needed (a full page, or a page past
 * the end, which tells nothing about how far the results went).
 */
export function totalOfShortPage(
  query: Pick<SearchIndexQuery, "offset" | "limit">,
  found: number,
): number | null {
  if (found >= query.limit || (found === 0 && query.offset > 0)) return null;
  return query.offset + found;
}

/** How far a total is counted: a relevance search holds its ranked matches only, a date sort up to the cap. */
export function countReach(
  query: Pick<SearchIndexQuery, "sort">,
  hasWords: boolean,
  reach: SearchReach,
): number {
  return query.sort === "relevance" && hasWords ? reach.rankCandidates : reach.maxCounted;
}
