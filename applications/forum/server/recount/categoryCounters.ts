import type { CounterChange } from "@library/server/db/counterRecount";
import { writeRecountedRows } from "@library/server/db/counterRecount";
import type { DbOrTx } from "@library/server/db/database";
import { CategoryTree, loadCategoryTree } from "../categories/categoryTree";

const COUNTERS = [
  "countDiscussions",
  "countComments",
  "countAllDiscussions",
  "countAllComments",
  "countCategories",
  "countFollowers",
] as const;

async function ownCounts(trx: DbOrTx) {
  const rows = await trx
    .selectFrom("discussions")
    .select("categoryID")
    .select((eb) => [
      eb.fn.countAll<number>().as("discussions"),
      eb.fn.coalesce(eb.fn.sum<number>("countComments"), eb.lit(0)).as("comments"),
    ])
    .where("deleteLogID", "is", null)
    .groupBy("categoryID")
    .execute();
  return new Map(
    rows.map((row) => [
      row.categoryID,
      { discussions: Number(row.discussions), comments: Number(row.comments) },
    ]),
  );
}

async function followerCounts(trx: DbOrTx): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom("userCategories")
    .select("categoryID")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("followed", "=", 1)
    .groupBy("categoryID")
    .execute();
  return new Map(rows.map((row) => [row.categoryID, Number(row.count)]));
}

/**
 * Every category's own counts (from the discussions, recounted first), its totals over its subtree, its child
 * and follower counts.
 */
export async function recountCategories(trx: DbOrTx): Promise<CounterChange[]> {
  const stored = await loadCategoryTree(trx);
  const own = await ownCounts(trx);
  const followers = await followerCounts(trx);
  const recounted = new CategoryTree(
    [...stored.byID.values()].map((row) => ({
      ...row,
      countDiscussions: own.get(row.categoryID)?.discussions ?? 0,
      countComments: own.get(row.categoryID)?.comments ?? 0,
    })),
  );
  return writeRecountedRows(
    trx,
    "categories",
    "categoryID",
    [...stored.byID.values()].map((row) => {
      const subtree = recounted.subtree(row.categoryID);
      const expected = {
        countDiscussions: own.get(row.categoryID)?.discussions ?? 0,
        countComments: own.get(row.categoryID)?.comments ?? 0,
        countAllDiscussions: subtree.reduce((sum, child) => sum + child.countDiscussions, 0),
        countAllComments: subtree.reduce((sum, child) => sum + child.countComments, 0),
        countCategories: recounted.children(row.categoryID).length,
        countFollowers: followers.get(row.categoryID) ?? 0,
      };
      return {
        id: row.categoryID,
        stored: Object.fromEntries(COUNTERS.map((column) => [column, row[column]])),
        expected,
      };
    }),
  );
}
