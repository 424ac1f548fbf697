import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import { sectionRootCategory } from "@library/server/http/siteSections";
import type { DiscussionListQuery } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadFollows } from "../categories/categoriesQueries";
import { categoryIDsWith, getCategoryTree, type CategoryTree } from "../categories/categoryTree";
import { pageRequest } from "../http/expand";
import { parseDateFilter, parseIDList, parseRange } from "../http/rangeFilters";
import {
  discussionConditions,
  onlyCategoryScope,
  sortSpec,
  type DiscussionFilter,
  type SortSpec,
} from "./discussionFilters";
import { readStateBufferForDb } from "../readState/readStateBuffer";
import { newActivityFloor } from "../readState/readStates";
import { loadDiscussionRows, type DiscussionRow } from "./discussionRows";

/**
 * The ids of one page, in order, read from the covering index (`ORDER BY <sort>, discussionID LIMIT/OFFSET`
 * selecting only the id), so deep pages skip index entries rather than rows.
 */
export async function selectDiscussionPageIDs(
  db: DbOrTx,
  filter: DiscussionFilter,
  sort: SortSpec,
  offset: number,
  limit: number,
): Promise<number[]> {
  if (limit <= 0) return [];
  let query = db
    .selectFrom("discussions")
    .select("discussionID")
    .where((eb) => discussionConditions(eb, filter));
  if (sort.column !== "discussionID") query = query.orderBy(sort.column, sort.direction);
  const rows = await query.orderBy("discussionID", sort.direction).limit(limit).offset(offset).execute();
  return rows.map((row) => row.discussionID);
}

/** One page of discussions: ids from the index, then the rows by id (two queries). */
export async function selectDiscussionPage(
  db: DbOrTx,
  filter: DiscussionFilter,
  sort: SortSpec,
  offset: number,
  limit: number,
): Promise<DiscussionRow[]> {
  return loadDiscussionRows(db, await selectDiscussionPageIDs(db, filter, sort, offset, limit));
}

/** Resolves the category part of a list query against the viewer's viewable categories. */
async function categoryScope(
  context: AppContext,
  viewer: Viewer,
  tree: CategoryTree,
  query: DiscussionListQuery,
): Promise<Pick<DiscussionFilter, "categoryIDs" | "excludedCategoryIDs">> {
  const visible = categoryIDsWith(tree, viewer);
  if (query.categoryID !== undefined) {
    const ids = parseIDList(query.categoryID, "categoryID");
    for (const id of ids) if (!tree.get(id)) throw new NotFoundError("Category");
    if (query.includeChildCategories) {
      const all = ids.flatMap((id) => tree.subtree(id).map((row) => row.categoryID));
      return { categoryIDs: [...new Set(all)].filter((id) => visible.has(id)) };
    }
    if (ids.some((id) => !visible.has(id))) throw new PermissionError(["discussions.view"]);
    return { categoryIDs: [...new Set(ids)] };
  }
  if (query.followed) {
    const follows = await loadFollows(context.db, viewer);
    return { categoryIDs: [...follows.keys()].filter((id) => visible.has(id)) };
  }
  if (visible.size === tree.ordered.length) return { categoryIDs: null };
  const denied = tree.ordered.filter((row) => !visible.has(row.categoryID)).map((row) => row.categoryID);
  return denied.length < visible.size
    ? { categoryIDs: null, excludedCategoryIDs: denied }
    : { categoryIDs: [...visible] };
}

/** `readState` needs a member; their pending read positions are written first so the filter sees them. */
function readStateFilter(viewer: Viewer, kind: "unread" | "new"): NonNullable<DiscussionFilter["readState"]> {
  viewer.require("session.valid");
  return { userID: viewer.userID, kind, windowStart: newActivityFloor(undefined) };
}

export async function buildDiscussionFilter(
  context: AppContext,
  viewer: Viewer,
  tree: CategoryTree,
  query: DiscussionListQuery,
): Promise<DiscussionFilter> {
  const { conditions } = await discussionVisibility(context).forViewer(context, viewer);
  return {
    ...(await categoryScope(context, viewer, tree, query)),
    ...(conditions.length > 0 ? { visibility: conditions } : {}),
    ...(query.discussionID !== undefined
      ? { discussionID: parseRange(query.discussionID, "discussionID") }
      : {}),
    ...(query.insertUserID !== undefined ? { insertUserIDs: query.insertUserID } : {}),
    ...(query.dateInserted !== undefined
      ? { dateInserted: parseDateFilter(query.dateInserted, "dateInserted") }
      : {}),
    ...(query.dateUpdated !== undefined
      ? { dateUpdated: parseDateFilter(query.dateUpdated, "dateUpdated") }
      : {}),
    ...(query.dateLastComment !== undefined
      ? { dateLastComment: parseDateFilter(query.dateLastComment, "dateLastComment") }
      : {}),
    ...(query.type !== undefined ? { types: query.type } : {}),
    ...(query.pinned !== undefined ? { pinned: query.pinned } : {}),
    ...(query.hasComments !== undefined ? { hasComments: query.hasComments } : {}),
    ...(query.statusID !== undefined ? { statusIDs: query.statusID } : {}),
    ...(query.tagID !== undefined ? { tagIDs: parseIDList(query.tagID, "tagID") } : {}),
    ...(query.readState !== undefined ? { readState: readStateFilter(viewer, query.readState) } : {}),
  };
}

/** The total of a list from stored counts (categories, or the author), or undefined when none applies. */
async function storedTotal(
  context: AppContext,
  tree: CategoryTree,
  filter: DiscussionFilter,
): Promise<number | undefined> {
  const scopeOnly = onlyCategoryScope(filter);
  if (scopeOnly) {
    const excluded = new Set(filter.excludedCategoryIDs ?? []);
    const ids =
      filter.categoryIDs ?? tree.ordered.map((row) => row.categoryID).filter((id) => !excluded.has(id));
    return ids.reduce((sum, id) => sum + (tree.get(id)?.countDiscussions ?? 0), 0);
  }
  const authorOnly = onlyCategoryScope({ ...filter, insertUserIDs: undefined });
  if (
    authorOnly &&
    filter.insertUserIDs?.length === 1 &&
    !filter.categoryIDs &&
    !filter.excludedCategoryIDs
  ) {
    const user = await context.db
      .selectFrom("users")
      .select("countDiscussions")
      .where("userID", "=", filter.insertUserIDs[0] ?? 0)
      .executeTakeFirst();
    return user?.countDiscussions ?? 0;
  }
  return undefined;
}

export interface DiscussionListResult {
  rows: DiscussionRow[];
  tree: CategoryTree;
  page: number;
  limit: number;
  /** From stored counts; undefined when the filters make it unknown ("more" pager). */
  total?: number;
}

/** Announcements the member dismissed (PUT /discussions/{id}/dismiss) no longer lead: they sort with the rest. */
async function withoutDismissed(context: AppContext, viewer: Viewer, ids: number[]): Promise<number[]> {
  if (viewer.isGuest || ids.length === 0) return ids;
  const dismissed = await context.db
    .selectFrom("userDiscussions")
    .select("discussionID")
    .where("userID", "=", viewer.userID)
    .where("dismissed", "=", 1)
    .where("discussionID", "in", ids)
    .execute();
  const hidden = new Set(dismissed.map((row) => row.discussionID));
  return ids.filter((id) => !hidden.has(id));
}

/** `GET /discussions` (API.md 7.3): one page from the viewer's categories. */
export async function listDiscussions(
  context: AppContext,
  viewer: Viewer,
  asked: DiscussionListQuery,
): Promise<DiscussionListResult> {
  const tree = await getCategoryTree(context.db);
  // API.md 7.3: `siteSectionID` is the section's category subtree, unless `categoryID` names categories.
  const root = asked.categoryID === undefined ? sectionRootCategory(context, asked.siteSectionID) : null;
  const query = root ? { ...asked, categoryID: String(root), includeChildCategories: true } : asked;
  const filter = await buildDiscussionFilter(context, viewer, tree, query);
  if (filter.readState) await readStateBufferForDb(context.db)?.flush();
  const sort = sortSpec(query.sort);
  const { page, limit, offset } = pageRequest(query.page, query.limit);
  const total = await storedTotal(context, tree, filter);
  if (query.pinOrder !== "first" || query.pinned !== undefined) {
    const rows = await selectDiscussionPage(context.db, filter, sort, offset, limit);
    return { rows, tree, page, limit, ...(total !== undefined ? { total } : {}) };
  }
  // pinOrder=first: the scope's announcements (few) lead, then everything else in the requested order.
  const pinnedFilter: DiscussionFilter = {
    ...filter,
    pinned: true,
    pinnedRecentOnly: query.categoryID === undefined,
  };
  const pinnedIDs = await withoutDismissed(
    context,
    viewer,
    await selectDiscussionPageIDs(context.db, pinnedFilter, sort, 0, 1000),
  );
  const leading = pinnedIDs.slice(offset, offset + limit);
  const restOffset = Math.max(0, offset - pinnedIDs.length);
  const restIDs = await selectDiscussionPageIDs(
    context.db,
    { ...filter, excludedDiscussionIDs: pinnedIDs },
    sort,
    restOffset,
    limit - leading.length,
  );
  const rows = await loadDiscussionRows(context.db, [...leading, ...restIDs]);
  return { rows, tree, page, limit, ...(total !== undefined ? { total } : {}) };
}
