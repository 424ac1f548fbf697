import type { AppContext } from "@library/server/app/appContext";
import { ConflictError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { lockAllCategories } from "../locks/forumRowLocks";
import { purgeDiscussions } from "../discussions/discussionRemoval";
import { rebuildCategoryTree, recountCategoryContent } from "./categoryCounts";
import { removeCategoryGrants } from "./categoryPermissions";
import { CATEGORY_NOT_FOUND } from "./categoriesQueries";
import { invalidateCategoryTree, loadCategoryTree } from "./categoryTree";

export const CATEGORY_HAS_CHILDREN = "You cannot delete a category that has child categories.";

/**
 * `DELETE /categories/{id}` (site.manage): 409 while it has children. With `newCategoryID` its discussions
 * move there; otherwise they are deleted with their comments. Every count is fixed in the same transaction,
 * which first locks every category (ascending id), then the category's discussions, and checks again under
 * those locks.
 */
export async function deleteCategory(
  context: AppContext,
  viewer: Viewer,
  categoryID: number,
  newCategoryID: number | undefined,
): Promise<void> {
  viewer.require("site.manage");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockAllCategories(trx, context.dialect);
    const tree = await loadCategoryTree(trx);
    if (!tree.get(categoryID)) throw new NotFoundError(CATEGORY_NOT_FOUND);
    if (tree.children(categoryID).length > 0) throw new ConflictError(CATEGORY_HAS_CHILDREN);
    if (newCategoryID !== undefined && (newCategoryID === categoryID || !tree.get(newCategoryID)))
      throw ValidationError.field(
        "newCategoryID",
        "Choose another existing category to move the content to.",
      );
    const discussionIDs = (
      await trx
        .selectFrom("discussions")
        .select("discussionID")
        .where("categoryID", "=", categoryID)
        .orderBy("discussionID")
        .$call(forUpdate(context.dialect))
        .execute()
    ).map((item) => item.discussionID);
    if (newCategoryID !== undefined) {
      await trx
        .updateTable("discussions")
        .set({ categoryID: newCategoryID })
        .where("categoryID", "=", categoryID)
        .execute();
      await recountCategoryContent(trx, [newCategoryID]);
    } else {
      await purgeDiscussions(trx, discussionIDs, viewer.userID);
    }
    await trx.deleteFrom("userCategories").where("categoryID", "=", categoryID).execute();
    await removeCategoryGrants(trx, categoryID);
    await trx.deleteFrom("categories").where("categoryID", "=", categoryID).execute();
    await rebuildCategoryTree(trx);
  });
  invalidateCategoryTree(context.db);
  context.grants.invalidate();
}
