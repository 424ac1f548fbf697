import { COMMENTS_FROM_DIFFERENT_PARENTS } from "@forum/api/bulk";
import { ClientError } from "@library/server/errors/httpErrors";
import { defineLongRunnerAction } from "@library/server/longRunner/longRunner";
import { categoryIDsWith, getCategoryTree, hasCategoryPermission } from "../categories/categoryTree";
import { deleteComment } from "../comments/commentDelete";
import { BulkPermissionError } from "./bulkPermissions";

const MODERATORS = ["site.manage", "community.moderate"];

/**
 * `DELETE /comments/list` (API.md 8.6): comments of one discussion, each deleted as `DELETE /comments/{id}`
 * (kept for a restore). `deleteMethod` `tombstone` and `full` both keep the row: how a deleted reply shows in a
 * thread is the thread's display mode (SPEC 9), not the delete's.
 */
export const bulkDeleteComments = defineLongRunnerAction<{ deleteMethod: "full" | "tombstone" }>({
  name: "comments.delete",
  audit: { eventType: "comments.delete", recordType: "comment" },
  authorize: async (context, viewer, _args, ids) => {
    viewer.require("session.valid");
    if (ids.length === 0) return;
    const rows = await context.db
      .selectFrom("comments")
      .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
      .select(["comments.commentID", "comments.discussionID", "discussions.categoryID"])
      .where("comments.commentID", "in", [...ids])
      .where("comments.deleteLogID", "is", null)
      .execute();
    if (new Set(rows.map((row) => row.discussionID)).size > 1)
      throw new ClientError(COMMENTS_FROM_DIFFERENT_PARENTS);
    const tree = await getCategoryTree(context.db);
    const visible = categoryIDsWith(tree, viewer);
    const refused = rows
      .filter(
        (row) =>
          !visible.has(row.categoryID) ||
          (!viewer.has(MODERATORS) &&
            !hasCategoryPermission(tree, viewer, "comments.delete", row.categoryID)),
      )
      .map((row) => row.commentID)
      .sort((a, b) => a - b);
    if (refused.length > 0) throw new BulkPermissionError("comments.delete", refused);
  },
  runItem: (context, viewer, _args, id) => deleteComment(context, viewer, id),
});
