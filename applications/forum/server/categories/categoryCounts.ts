import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";
import type { LockedCategories } from "../locks/forumRowLocks";
import { loadCategoryTree, type CategoryRow, type CategoryTree } from "./categoryTree";

export interface CountDelta {
  discussions?: number;
  comments?: number;
}

/**
 * Adds to a category's own counts and to the `countAll*` of it and every ancestor, in the caller's
 * transaction. `locked` holds the chain, locked by this transaction (forumRowLocks.ts), so the ancestors are
 * the ones under the lock and two writers never change the same counters in a different order.
 */
export async function adjustCategoryCounts(
  trx: DbOrTx,
  locked: LockedCategories,
  categoryID: number,
  delta: CountDelta,
): Promise<void> {
  const discussions = delta.discussions ?? 0;
  const comments = delta.comments ?? 0;
  if (discussions === 0 && comments === 0) return;
  await trx
    .updateTable("categories")
    .set({
      countDiscussions: sql`"countDiscussions" + ${discussions}`,
      countComments: sql`"countComments" + ${comments}`,
    })
    .where("categoryID", "=", categoryID)
    .execute();
  await trx
    .updateTable("categories")
    .set({
      countAllDiscussions: sql`"countAllDiscussions" + ${discussions}`,
      countAllComments: sql`"countAllComments" + ${comments}`,
    })
    .where("categoryID", "in", locked.chain(categoryID))
    .execute();
}

type Derived = Pick<
  CategoryRow,
  "path" | "depth" | "permissionCategoryID" | "countCategories" | "countAllDiscussions" | "countAllComments"
>;

function derive(tree: CategoryTree): Map<number, Derived> {
  const result = new Map<number, Derived>();
  const visit = (row: CategoryRow, parent: Derived | null): Derived => {
    const own: Derived = {
      path: `${parent?.path ?? "/"}${row.categoryID}/`,
      depth: (parent?.depth ?? 0) + 1,
      permissionCategoryID:
        row.customPermissions === 1 ? row.categoryID : (parent?.permissionCategoryID ?? -1),
      countCategories: tree.children(row.categoryID).length,
      countAllDiscussions: row.countDiscussions,
      countAllComments: row.countComments,
    };
    for (const child of tree.children(row.categoryID)) {
      const childDerived = visit(child, own);
      own.countAllDiscussions += childDerived.countAllDiscussions;
      own.countAllComments += childDerived.countAllComments;
    }
    result.set(row.categoryID, own);
    return own;
  };
  for (const root of tree.children(null)) visit(root, null);
  return result;
}

/**
 * Recomputes everything the tree derives from parent links and own counts (path, depth, inherited
 * permission category, child and descendant counts) and writes the rows that changed. Categories are few;
 * this runs after category writes and rare bulk changes.
 */
export async function rebuildCategoryTree(trx: DbOrTx): Promise<void> {
  const tree = await loadCategoryTree(trx);
  for (const [categoryID, derived] of derive(tree)) {
    const row = tree.get(categoryID);
    if (!row) continue;
    const changed = (Object.keys(derived) as (keyof Derived)[]).some((key) => row[key] !== derived[key]);
    if (changed)
      await trx.updateTable("categories").set(derived).where("categoryID", "=", categoryID).execute();
  }
}

/** Recounts the own discussion and comment counts of some categories from the discussions table. */
export async function recountCategoryContent(trx: DbOrTx, categoryIDs: readonly number[]): Promise<void> {
  const ids = [...new Set(categoryIDs)];
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom("discussions")
    .select(["categoryID"])
    .select((eb) => [
      eb.fn.countAll<number>().as("discussions"),
      eb.fn.coalesce(eb.fn.sum<number>("countComments"), eb.lit(0)).as("comments"),
    ])
    .where("categoryID", "in", ids)
    .where("deleteLogID", "is", null)
    .groupBy("categoryID")
    .execute();
  const byID = new Map(rows.map((row) => [row.categoryID, row]));
  for (const categoryID of ids) {
    const row = byID.get(categoryID);
    await trx
      .updateTable("categories")
      .set({ countDiscussions: Number(row?.discussions ?? 0), countComments: Number(row?.comments ?? 0) })
      .where("categoryID", "=", categoryID)
      .execute();
  }
}
