import type { AppContext } from "@library/server/app/appContext";
import { removeTranslationsAfterCommit } from "@library/server/translations/recordTranslationsCleanup";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ConflictError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import {
  defineLongRunnerAction,
  startLongRunner,
  type LongRunnerAction,
  type LongRunnerCall,
  type LongRunnerOutcome,
} from "@library/server/longRunner/longRunner";
import type { Viewer } from "@library/server/permissions/viewer";
import { purgeDiscussions } from "../discussions/discussionRemoval";
import { lockAllCategories, lockCategoryChains, type LockedCategories } from "../locks/forumRowLocks";
import { CATEGORY_NOT_FOUND } from "./categoriesQueries";
import { adjustCategoryCounts, rebuildCategoryTree, recountCategoryContent } from "./categoryCounts";
import { removeCategoryGrants } from "./categoryPermissions";
import { invalidateCategoryTree, loadCategoryTree, type CategoryTree } from "./categoryTree";

export const CATEGORY_HAS_CHILDREN = "You cannot delete a category that has child categories.";
export const CATEGORY_MOVE_TARGET = "Choose another existing category to move the content to.";

/** Discussions moved or deleted per transaction while a category is emptied. */
export const CATEGORY_DELETE_BATCH = 200;

export interface CategoryDeleteArgs {
  categoryID: number;
  /** Where the discussions go; without it they are deleted with their comments. */
  newCategoryID?: number | undefined;
}

function checkDelete(tree: CategoryTree, args: CategoryDeleteArgs): void {
  const { categoryID, newCategoryID } = args;
  if (!tree.get(categoryID)) throw new NotFoundError(CATEGORY_NOT_FOUND);
  if (tree.children(categoryID).length > 0) throw new ConflictError(CATEGORY_HAS_CHILDREN);
  if (newCategoryID !== undefined && (newCategoryID === categoryID || !tree.get(newCategoryID)))
    throw ValidationError.field("newCategoryID", CATEGORY_MOVE_TARGET);
}

/**
 * Moves (or deletes) some of the category's discussions, counts included, in the caller's transaction, which
 * has locked the categories. The discussions are locked here (after their categories: the lock order), and
 * only those still in the category are touched, so running a batch again changes nothing.
 */
async function emptyBatch(
  context: AppContext,
  trx: DbOrTx,
  viewer: Viewer,
  categories: LockedCategories,
  args: CategoryDeleteArgs,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom("discussions")
    .select(["discussionID", "countComments", "deleteLogID"])
    .where("discussionID", "in", [...ids])
    .where("categoryID", "=", args.categoryID)
    .orderBy("discussionID")
    .$call(forUpdate(context.dialect))
    .execute();
  if (rows.length === 0) return;
  const discussionIDs = rows.map((row) => row.discussionID);
  const live = rows.filter((row) => row.deleteLogID === null);
  const delta = {
    discussions: live.length,
    comments: live.reduce((sum, row) => sum + row.countComments, 0),
  };
  if (args.newCategoryID !== undefined) {
    await trx
      .updateTable("discussions")
      .set({ categoryID: args.newCategoryID })
      .where("discussionID", "in", discussionIDs)
      .execute();
    await adjustCategoryCounts(trx, categories, args.newCategoryID, delta);
  } else {
    await purgeDiscussions(trx, discussionIDs, viewer.userID);
  }
  await adjustCategoryCounts(trx, categories, args.categoryID, {
    discussions: -delta.discussions,
    comments: -delta.comments,
  });
}

/**
 * Empties a category in batches through the long runner (API.md 28), then deletes it. Each batch is one
 * transaction: the chains of both categories, then its discussions. The last step locks every category,
 * checks again, takes whatever was posted meanwhile, and deletes the row, its follows and its grants.
 */
function categoryDeleteAction(name: string, eventType: string): LongRunnerAction<CategoryDeleteArgs> {
  return defineLongRunnerAction<CategoryDeleteArgs>({
    name,
    audit: { eventType, recordType: "discussion" },
    batchSize: CATEGORY_DELETE_BATCH,
    authorize: async (context, viewer, args) => {
      viewer.require("site.manage");
      checkDelete(await loadCategoryTree(context.db), args);
    },
    countTotal: async (context, args) =>
      Number(
        (
          await context.db
            .selectFrom("discussions")
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .where("categoryID", "=", args.categoryID)
            .executeTakeFirst()
        )?.count ?? 0,
      ),
    nextIDs: async (context, args, skip, limit) =>
      (
        await context.db
          .selectFrom("discussions")
          .select("discussionID")
          .where("categoryID", "=", args.categoryID)
          .$if(skip.length > 0, (query) => query.where("discussionID", "not in", [...skip]))
          .orderBy("discussionID")
          .limit(limit)
          .execute()
      ).map((row) => row.discussionID),
    runBatch: async (context, viewer, args, ids) => {
      await writeTransaction(context.db, context.dialect, async (trx) => {
        const categories = await lockCategoryChains(trx, context.dialect, [
          args.categoryID,
          ...(args.newCategoryID !== undefined ? [args.newCategoryID] : []),
        ]);
        if (!categories.has(args.categoryID)) throw new NotFoundError(CATEGORY_NOT_FOUND);
        if (args.newCategoryID !== undefined && !categories.has(args.newCategoryID))
          throw ValidationError.field("newCategoryID", CATEGORY_MOVE_TARGET);
        await emptyBatch(context, trx, viewer, categories, args, ids);
      });
      invalidateCategoryTree(context.db);
    },
    finish: async (context, viewer, args) => {
      await writeTransaction(context.db, context.dialect, async (trx) => {
        const categories = await lockAllCategories(trx, context.dialect);
        checkDelete(await loadCategoryTree(trx), args);
        const left = (
          await trx
            .selectFrom("discussions")
            .select("discussionID")
            .where("categoryID", "=", args.categoryID)
            .execute()
        ).map((row) => row.discussionID);
        await emptyBatch(context, trx, viewer, categories, args, left);
        await trx.deleteFrom("userCategories").where("categoryID", "=", args.categoryID).execute();
        await removeCategoryGrants(trx, args.categoryID);
        await trx.deleteFrom("categories").where("categoryID", "=", args.categoryID).execute();
        await removeTranslationsAfterCommit(context, trx, {
          recordType: "category",
          recordIDs: [args.categoryID],
        });
        if (args.newCategoryID !== undefined) await recountCategoryContent(trx, [args.newCategoryID]);
        await rebuildCategoryTree(trx);
      });
      invalidateCategoryTree(context.db);
      context.grants.invalidate();
    },
  });
}

const moveAndDelete = categoryDeleteAction("categories.delete.move", "discussions.move");
const deleteWithContent = categoryDeleteAction("categories.delete.purge", "discussions.delete");

/**
 * `DELETE /categories/{id}` (site.manage): 409 while it has children, 422 for a bad `newCategoryID`. With
 * `newCategoryID` its discussions move there; otherwise they are deleted with their comments. A big category
 * is emptied over several rounds (408 and a callback payload for `POST /calls/run`); the answer is 200 (or
 * the route's 204) once the category is gone.
 */
export function deleteCategory(
  context: AppContext,
  call: LongRunnerCall,
  categoryID: number,
  newCategoryID: number | undefined,
): Promise<LongRunnerOutcome> {
  return startLongRunner(
    context,
    call,
    newCategoryID !== undefined ? moveAndDelete : deleteWithContent,
    { categoryID, ...(newCategoryID !== undefined ? { newCategoryID } : {}) },
    null,
  );
}
