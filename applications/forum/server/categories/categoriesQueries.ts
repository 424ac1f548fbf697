import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import { sectionRootCategory } from "@library/server/http/siteSections";
import type { Category, CategoryListQuery, CategorySearchQuery } from "@forum/api/categories";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError, PermissionError, ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { pageRequest, resolveExpand } from "../http/expand";
import { parseRange } from "../http/rangeFilters";
import { loadCategoryLastPosts } from "./categoryLastPosts";
import { presentCategory, type CategoryExtras } from "./categoriesPresenter";
import {
  categoryIDsWith,
  getCategoryTree,
  viewerMayIn,
  type CategoryRow,
  type CategoryTree,
} from "./categoryTree";

export const CATEGORY_NOT_FOUND = "Category";

/** The viewer's followed categories and when; guests cost no query. */
export async function loadFollows(db: DbOrTx, viewer: Viewer): Promise<Map<number, string | null>> {
  if (viewer.isGuest) return new Map();
  const rows = await db
    .selectFrom("userCategories")
    .select(["categoryID", "dateFollowed"])
    .where("userID", "=", viewer.userID)
    .where("followed", "=", 1)
    .execute();
  return new Map(rows.map((row) => [row.categoryID, row.dateFollowed]));
}

async function extrasFor(
  context: AppContext,
  viewer: Viewer,
  expand: readonly string[] | undefined,
  rows: readonly CategoryRow[],
): Promise<CategoryExtras> {
  const on = resolveExpand(expand, { all: ["lastPost", "permissions"] });
  return {
    follows: await loadFollows(context.db, viewer),
    ...(on.has("lastPost")
      ? {
          lastPosts: await loadCategoryLastPosts(
            context.db,
            rows.map((row) => row.categoryID),
            true,
            (await discussionVisibility(context).forViewer(context, viewer)).conditions,
          ),
        }
      : {}),
    ...(on.has("permissions") ? { viewer } : {}),
  };
}

/** A category by id or urlcode that the viewer may see: 404 when unknown, 403 without discussions.view. */
export function findViewableCategory(
  tree: CategoryTree,
  viewer: Viewer,
  idOrCode: string | number,
): CategoryRow {
  const row = tree.find(idOrCode);
  if (!row) throw new NotFoundError(CATEGORY_NOT_FOUND);
  if (!viewerMayIn(tree, viewer, row.categoryID)) throw new PermissionError(["discussions.view"]);
  return row;
}

export async function getCategory(
  context: AppContext,
  viewer: Viewer,
  idOrCode: string,
  expand?: readonly string[],
): Promise<Category> {
  const tree = await getCategoryTree(context.db);
  const row = findViewableCategory(tree, viewer, idOrCode);
  return presentCategory(tree, row, await extrasFor(context, viewer, expand, [row]));
}

export interface CategoryListResult {
  categories: Category[];
  /** Present for flat output (numbered pager). */
  paging?: { page: number; limit: number; total: number };
}

function parentOf(tree: CategoryTree, query: CategoryListQuery): CategoryRow | undefined {
  const exclusive = [query.categoryID, query.parentCategoryID, query.parentCategoryCode].filter(
    (value) => value !== undefined,
  );
  if (exclusive.length > 1)
    throw ValidationError.field(
      "categoryID",
      "Only one of categoryID, parentCategoryID and parentCategoryCode may be given.",
    );
  if (query.parentCategoryID !== undefined) {
    const parent = tree.get(query.parentCategoryID);
    if (!parent) throw new NotFoundError(CATEGORY_NOT_FOUND);
    return parent;
  }
  if (query.parentCategoryCode !== undefined) {
    const parent = tree.findByCode(query.parentCategoryCode);
    if (!parent) throw new NotFoundError(CATEGORY_NOT_FOUND);
    return parent;
  }
  return undefined;
}

function matchesRange(id: number, expression: string): boolean {
  const range = parseRange(expression, "categoryID");
  if (range.values) return range.values.includes(id);
  if (range.min !== undefined && (range.minInclusive ? id < range.min : id <= range.min)) return false;
  if (range.max !== undefined && (range.maxInclusive ? id > range.max : id >= range.max)) return false;
  return true;
}

/** `GET /categories` (API.md 6.2): flat (numbered pager) or tree, only categories the viewer may see. */
export async function listCategories(
  context: AppContext,
  viewer: Viewer,
  asked: CategoryListQuery,
): Promise<CategoryListResult> {
  const tree = await getCategoryTree(context.db);
  // API.md 6.2: `siteSectionID` is the section's root category and its subtree.
  const root =
    asked.categoryID === undefined &&
    asked.parentCategoryID === undefined &&
    asked.parentCategoryCode === undefined
      ? sectionRootCategory(context, asked.siteSectionID)
      : null;
  const query =
    root && tree.get(root) ? { ...asked, parentCategoryID: root, includeParentCategory: true } : asked;
  const parent = parentOf(tree, query);
  const visible = categoryIDsWith(tree, viewer);
  const follows = await loadFollows(context.db, viewer);
  const keep = (row: CategoryRow) =>
    visible.has(row.categoryID) &&
    (query.archived === undefined || query.archived === null || (row.isArchived === 1) === query.archived) &&
    (query.featured !== true || row.featured === 1) &&
    (query.followed !== true || follows.has(row.categoryID));
  const flat =
    query.outputFormat === "flat" ||
    (query.outputFormat === undefined &&
      (query.categoryID !== undefined ||
        query.page !== undefined ||
        query.limit !== undefined ||
        query.followed !== undefined ||
        query.featured !== undefined ||
        parent?.displayAs === "flat"));

  if (flat) {
    let rows: CategoryRow[] = parent
      ? tree.subtree(parent.categoryID).filter((row) => query.includeParentCategory || row !== parent)
      : [...tree.ordered];
    if (query.categoryID !== undefined) {
      const expression = query.categoryID;
      rows = rows.filter((row) => matchesRange(row.categoryID, expression));
    }
    rows = rows.filter(keep);
    const { page, limit, offset } = pageRequest(query.page, query.limit);
    const pageRows = rows.slice(offset, offset + limit);
    const extras = await extrasFor(context, viewer, query.expand, pageRows);
    return {
      categories: pageRows.map((row) => presentCategory(tree, row, extras)),
      paging: { page, limit, total: rows.length },
    };
  }

  const maxDepth = query.maxDepth ?? 2;
  const baseDepth = parent?.depth ?? 0;
  const roots = parent
    ? query.includeParentCategory
      ? [parent]
      : tree.children(parent.categoryID)
    : tree.children(null);
  const included: CategoryRow[] = [];
  const collect = (row: CategoryRow) => {
    if (!keep(row) || row.depth - baseDepth > maxDepth) return;
    included.push(row);
    for (const child of tree.children(row.categoryID)) collect(child);
  };
  for (const root of roots) collect(root);
  const extras = await extrasFor(context, viewer, query.expand, included);
  const includedIDs = new Set(included.map((row) => row.categoryID));
  const build = (row: CategoryRow): Category => ({
    ...presentCategory(tree, row, extras),
    children: tree
      .children(row.categoryID)
      .filter((child) => includedIDs.has(child.categoryID))
      .map(build),
  });
  return { categories: roots.filter((row) => includedIDs.has(row.categoryID)).map(build) };
}

/** `GET /categories/search`: name substring among viewable categories; an empty query finds nothing. */
export async function searchCategories(
  context: AppContext,
  viewer: Viewer,
  query: CategorySearchQuery,
): Promise<{ categories: Category[]; page: number; limit: number }> {
  const { page, limit, offset } = pageRequest(query.page, query.limit);
  const needle = query.query.trim().toLowerCase();
  if (needle === "") return { categories: [], page, limit };
  const tree = await getCategoryTree(context.db);
  const visible = categoryIDsWith(tree, viewer);
  let rows: CategoryRow[] = tree.ordered;
  if (query.parentCategoryID !== undefined) {
    const parentID = query.parentCategoryID;
    rows = tree.subtree(parentID).filter((row) => row.categoryID !== parentID);
  }
  const displayAs = query.displayAs;
  const matches = rows.filter(
    (row) =>
      visible.has(row.categoryID) &&
      row.name.toLowerCase().includes(needle) &&
      (!displayAs || displayAs.includes(row.displayAs as (typeof displayAs)[number])),
  );
  const on = resolveExpand(query.expand, { all: ["breadcrumbs", "parent"] });
  const follows = await loadFollows(context.db, viewer);
  return {
    categories: matches
      .slice(offset, offset + limit)
      .map((row) =>
        presentCategory(tree, row, { follows, breadcrumbs: on.has("breadcrumbs"), parent: on.has("parent") }),
      ),
    page,
    limit,
  };
}
