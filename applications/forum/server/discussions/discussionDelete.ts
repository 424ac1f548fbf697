import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import { invalidateCategoryTree, requireCategoryPermission } from "../categories/categoryTree";
import { removeDiscussions } from "./discussionRemoval";
import { getViewableDiscussion } from "./discussionRows";

/** `DELETE /discussions/{id}` (discussions.delete): removes it and its comments and fixes every count. */
export async function deleteDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
): Promise<void> {
  const { row, tree } = await getViewableDiscussion(context, viewer, discussionID);
  requireCategoryPermission(tree, viewer, "discussions.delete", row.categoryID);
  await context.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("discussions")
      .select(["categoryID", "countComments"])
      .where("discussionID", "=", discussionID)
      .executeTakeFirst();
    if (!current) return;
    await adjustCategoryCounts(trx, tree, current.categoryID, {
      discussions: -1,
      comments: -current.countComments,
    });
    await removeDiscussions(trx, [discussionID]);
  });
  invalidateCategoryTree(context.db);
}
