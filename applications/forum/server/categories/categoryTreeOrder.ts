import { MAX_CATEGORY_TREE_DEPTH, type CategoryTreeOrder } from "@forum/api/categories";
import type { ValidationErrorItem } from "@forum/api/common";
import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { lockAllCategories } from "../locks/forumRowLocks";
import { rebuildCategoryTree } from "./categoryCounts";
import { invalidateCategoryTree, loadCategoryTree, type CategoryTree } from "./categoryTree";

/** Each category's parent once the moves are applied; 422 items for unknown ids, cycles and too deep trees. */
function checkedParents(tree: CategoryTree, order: CategoryTreeOrder): ValidationErrorItem[] {
  const errors: ValidationErrorItem[] = [];
  const parents = new Map<number, number | null>();
  for (const [index, item] of order.entries()) {
    if (!tree.get(item.categoryID))
      errors.push({
        field: `${index}.categoryID`,
        code: "notFound",
        message: "The category does not exist.",
      });
    if (item.parentCategoryID !== null && !tree.get(item.parentCategoryID))
      errors.push({
        field: `${index}.parentCategoryID`,
        code: "notFound",
        message: "The parent category does not exist.",
      });
    parents.set(item.categoryID, item.parentCategoryID);
  }
  if (errors.length > 0) return errors;
  const parentOf = (categoryID: number): number | null =>
    parents.has(categoryID)
      ? (parents.get(categoryID) ?? null)
      : (tree.get(categoryID)?.parentCategoryID ?? null);
  for (const [index, item] of order.entries()) {
    let depth = 1;
    for (let current = parentOf(item.categoryID); current !== null; current = parentOf(current)) {
      depth += 1;
      if (current === item.categoryID) {
        errors.push({
          field: `${index}.parentCategoryID`,
          code: "cycle",
          message: "A category cannot be moved inside itself.",
        });
        break;
      }
      if (depth > MAX_CATEGORY_TREE_DEPTH + 1) break;
    }
    if (depth > MAX_CATEGORY_TREE_DEPTH && errors.length === 0)
      errors.push({
        field: `${index}.parentCategoryID`,
        code: "depth",
        message: `Categories nest at most ${MAX_CATEGORY_TREE_DEPTH} deep.`,
      });
  }
  return errors;
}

/**
 * `PUT /categories/tree` (site.manage): moves and reorders several categories in one transaction, under the lock
 * of every category (ascending id), checked against the tree read under that lock; depths and the ancestors'
 * totals are rebuilt before it commits. Nothing is written when any move is refused.
 */
export async function reorderCategories(
  context: AppContext,
  viewer: Viewer,
  order: CategoryTreeOrder,
): Promise<void> {
  viewer.require("site.manage");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockAllCategories(trx, context.dialect);
    const tree = await loadCategoryTree(trx);
    const errors = checkedParents(tree, order);
    if (errors.length > 0) throw new ValidationError(errors);
    const now = nowIso();
    for (const item of order)
      await trx
        .updateTable("categories")
        .set({ parentCategoryID: item.parentCategoryID, sort: item.sort, dateUpdated: now })
        .where("categoryID", "=", item.categoryID)
        .execute();
    await rebuildCategoryTree(trx);
  });
  invalidateCategoryTree(context.db);
  context.grants.invalidate();
}
