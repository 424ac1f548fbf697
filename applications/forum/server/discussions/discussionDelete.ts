import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  categoryIDsWith,
  getCategoryTree,
  invalidateCategoryTree,
  requireCategoryPermission,
} from "../categories/categoryTree";
import { lockDiscussionWithCategories } from "../locks/forumRowLocks";
import { removeDiscussions } from "./discussionRemoval";
import { DISCUSSION_NOT_FOUND } from "./discussionRows";

/**
 * `DELETE /discussions/{id}` (discussions.delete): deletes it and its comments (kept for a restore from the
 * change log) and fixes every count. Its
 * category chain and then the discussion are locked first, so comments posted meanwhile either land before
 * (and are counted out with it) or find it gone (404).
 */
export async function deleteDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
): Promise<void> {
  const tree = await getCategoryTree(context.db);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const locked = await lockDiscussionWithCategories(trx, context.dialect, discussionID);
    if (!locked) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    const { discussion, categories } = locked;
    if (!categoryIDsWith(tree, viewer).has(discussion.categoryID))
      throw new PermissionError(["discussions.view"]);
    requireCategoryPermission(tree, viewer, "discussions.delete", discussion.categoryID);
    await adjustCategoryCounts(trx, categories, discussion.categoryID, {
      discussions: -1,
      comments: -discussion.countComments,
    });
    await removeDiscussions(trx, [discussionID], viewer.userID);
    await context.events.emit(trx, "discussion.deleted", { discussionID });
  });
  invalidateCategoryTree(context.db);
}
