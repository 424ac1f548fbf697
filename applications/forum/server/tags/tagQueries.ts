import type { Tag, TagFragment, TagListQuery } from "@forum/api/tags";
import type { Database, DbOrTx } from "@library/server/db/database";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql, type AliasableExpression, type ExpressionBuilder, type Selectable } from "kysely";
import { categoryIDsWith, type CategoryTree } from "../categories/categoryTree";
import { tagUrl } from "./tagNames";
import type { TagTable } from "./tagTables";
import "./tagTables";

export type TagRow = Selectable<TagTable>;

/** Which categories' discussions a viewer may count: null = all of them. */
export interface CountScope {
  categoryIDs: readonly number[] | null;
}

export function countScopeOf(tree: CategoryTree, viewer: Viewer): CountScope {
  const visible = categoryIDsWith(tree, viewer);
  return { categoryIDs: visible.size === tree.ordered.length ? null : [...visible] };
}

/**
 * The number of live discussions carrying the tag that the viewer may read: counted from the junction joined
 * to the discussions, so a deleted, restored or moved discussion is counted where it is now.
 */
function countExpression(
  eb: ExpressionBuilder<Database, "tags">,
  scope: CountScope,
): AliasableExpression<number> {
  let query = eb
    .selectFrom("tagDiscussions as td")
    .innerJoin("discussions as d", "d.discussionID", "td.discussionID")
    .select((inner) => inner.fn.countAll<number>().as("count"))
    .whereRef("td.tagID", "=", "tags.tagID")
    .where("d.deleteLogID", "is", null);
  if (scope.categoryIDs !== null)
    query = query.where("d.categoryID", "in", scope.categoryIDs.length > 0 ? [...scope.categoryIDs] : [-1]);
  return query.$asScalar();
}

export function presentTag(row: TagRow, countDiscussions: number): Tag {
  return {
    tagID: row.tagID,
    id: row.tagID,
    name: row.name,
    urlcode: row.urlcode,
    urlCode: row.urlcode,
    type: row.type,
    parentTagID: row.parentTagID,
    url: tagUrl(row.urlcode),
    countDiscussions: Number(countDiscussions),
  };
}

export function presentTagFragment(row: Pick<TagRow, "tagID" | "urlcode" | "name">): TagFragment {
  return { tagID: row.tagID, urlcode: row.urlcode, name: row.name, url: tagUrl(row.urlcode) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `GET /tags` (API.md 10): names containing `query` (those starting with it first), at most 100. */
export async function listTags(db: DbOrTx, scope: CountScope, query: TagListQuery): Promise<Tag[]> {
  const limit = query.limit ?? 20;
  const offset = ((query.page ?? 1) - 1) * limit;
  const search = query.query?.trim().toLowerCase() ?? "";
  let select = db
    .selectFrom("tags")
    .selectAll("tags")
    .select((eb) => countExpression(eb, scope).as("countDiscussions"));
  if (search)
    select = select.where(sql<boolean>`lower("tags"."name") like ${`%${escapeLike(search)}%`} escape '\\'`);
  if (query.tagID) select = select.where("tags.tagID", "in", query.tagID);
  const types = (query.type ?? []).filter((type) => type.toLowerCase() !== "all");
  if (types.length > 0) select = select.where("tags.type", "in", types);
  if (query.parentID) select = select.where("tags.parentTagID", "in", query.parentID);
  if (query.excludeNoCountDiscussion) select = select.where((eb) => eb(countExpression(eb, scope), ">", 0));
  const sort = query.sort;
  if (sort) {
    const direction = sort.startsWith("-") ? "desc" : "asc";
    const column = sort.replace(/^-/, "");
    select =
      column === "countDiscussions"
        ? select.orderBy("countDiscussions", direction)
        : select.orderBy(column === "name" ? "tags.name" : "tags.tagID", direction);
  } else if (search) {
    select = select.orderBy(
      sql`case when lower("tags"."name") like ${`${escapeLike(search)}%`} escape '\\' then 0 else 1 end`,
    );
    select = select.orderBy("tags.name");
  } else select = select.orderBy("tags.name");
  const rows = await select.orderBy("tags.tagID").limit(limit).offset(offset).execute();
  return rows.map((row) => presentTag(row, row.countDiscussions));
}

/** `GET /tags/{id}`: 404 "Tag not found." when unknown. */
export async function getTag(db: DbOrTx, scope: CountScope, tagID: number): Promise<Tag> {
  const row = await db
    .selectFrom("tags")
    .selectAll("tags")
    .select((eb) => countExpression(eb, scope).as("countDiscussions"))
    .where("tags.tagID", "=", tagID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Tag");
  return presentTag(row, row.countDiscussions);
}

export async function getTagRow(db: DbOrTx, tagID: number): Promise<TagRow | undefined> {
  return db.selectFrom("tags").selectAll().where("tagID", "=", tagID).executeTakeFirst();
}

/** The tags of each discussion (one query), in the order they were added. */
export async function loadTagFragments(
  db: DbOrTx,
  discussionIDs: readonly number[],
): Promise<Map<number, TagFragment[]>> {
  const byDiscussion = new Map<number, TagFragment[]>();
  if (discussionIDs.length === 0) return byDiscussion;
  const ids = [...new Set(discussionIDs)];
  // Every discussion page and list reads it: compiled once per number of discussions.
  const rows = await executeCompiledOnce(
    db,
    `tagFragments:${ids.length}`,
    () =>
      db
        .selectFrom("tagDiscussions as td")
        .innerJoin("tags as t", "t.tagID", "td.tagID")
        .select(["td.discussionID", "t.tagID", "t.urlcode", "t.name"])
        .where("td.discussionID", "in", ids)
        .orderBy("td.discussionID")
        .orderBy("td.dateInserted")
        .orderBy("t.tagID"),
    ids,
  );
  for (const row of rows) {
    const list = byDiscussion.get(row.discussionID) ?? [];
    list.push(presentTagFragment(row));
    byDiscussion.set(row.discussionID, list);
  }
  return byDiscussion;
}

/** The tags of one discussion. */
export async function tagsOfDiscussion(db: DbOrTx, discussionID: number): Promise<TagFragment[]> {
  return (await loadTagFragments(db, [discussionID])).get(discussionID) ?? [];
}
