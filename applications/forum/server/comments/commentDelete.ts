import type { CommentDeleteMethod } from "@forum/api/commentThreads";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { StaleReadError, writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  categoryIDsWith,
  getCategoryTree,
  hasCategoryPermission,
  invalidateCategoryTree,
} from "../categories/categoryTree";
import { logChange } from "../changeLog/changeLogWrites";
import { lowerUserCounts } from "../discussions/discussionRemoval";
import { lockComments, lockDiscussionWithCategories } from "../locks/forumRowLocks";
import { refreshDiscussionLastPost } from "./commentEdit";
import { getCommentRow, type CommentRow } from "./commentRows";

const MODERATORS = ["site.manage", "community.moderate"];

/**
 * The ids of every reply under a comment, however deep, still in its thread (live, or a tombstone whose own
 * replies are live). Max depth 5: at most four rounds.
 */
export async function descendantIDs(db: DbOrTx, commentID: number): Promise<number[]> {
  const found: number[] = [];
  let parents = [commentID];
  while (parents.length > 0) {
    const rows = await db
      .selectFrom("comments")
      .select("commentID")
      .where("parentCommentID", "in", parents)
      .where((eb) => eb.or([eb("deleteLogID", "is", null), eb("tombstone", "=", 1)]))
      .execute();
    parents = rows.map((row) => row.commentID);
    found.push(...parents);
  }
  return found;
}

/** The live comments of a subtree, locked (ascending id); a reply added meanwhile makes the write run again. */
async function lockSubtree(trx: DbOrTx, dialect: Dialect, root: CommentRow): Promise<CommentRow[]> {
  const before = await descendantIDs(trx, root.commentID);
  const locked = await lockComments(trx, dialect, [root.commentID, ...before]);
  const after = await descendantIDs(trx, root.commentID);
  if (after.length !== before.length) throw new StaleReadError(`The replies of comment ${root.commentID}`);
  return [...locked.values()];
}

function countByAuthor(rows: readonly CommentRow[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.insertUserID, (counts.get(row.insertUserID) ?? 0) + 1);
  return counts;
}

/**
 * `DELETE /comments/{id}` (API.md 8.6), restorable from the discussion's Deleted Comments under one change log
 * entry. `full` (default) takes the comment and every reply under it out of the thread; `tombstone` takes only
 * the comment's content away: a "deleted" placeholder keeps its place so the replies under it stay where they
 * are. The discussion, category, author and parent counts drop by the comments that left. Locks: category chain,
 * discussion, then the comments (ascending).
 */
export async function deleteComment(
  context: AppContext,
  viewer: Viewer,
  commentID: number,
  method: CommentDeleteMethod = "full",
): Promise<void> {
  const tree = await getCategoryTree(context.db);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const before = await getCommentRow(trx, commentID);
    if (!before) throw new NotFoundError("Comment");
    const locked = await lockDiscussionWithCategories(trx, context.dialect, before.discussionID);
    if (!locked) throw new NotFoundError("Comment");
    const { discussion, categories } = locked;
    if (!categoryIDsWith(tree, viewer).has(discussion.categoryID))
      throw new PermissionError(["discussions.view"]);
    if (
      !viewer.has(MODERATORS) &&
      !hasCategoryPermission(tree, viewer, "comments.delete", discussion.categoryID)
    )
      throw new PermissionError(["comments.delete"]);
    // The parent first (its countChildComments drops), then the subtree: comments in ascending id order.
    if (before.parentCommentID !== null) await lockComments(trx, context.dialect, [before.parentCommentID]);
    const row = (await lockComments(trx, context.dialect, [commentID])).get(commentID);
    if (!row) throw new NotFoundError("Comment");
    const leaving = method === "tombstone" ? [row] : await lockSubtree(trx, context.dialect, row);
    const logID = await logChange(
      trx,
      "delete",
      { comment: row, discussionName: discussion.name },
      viewer.userID,
    );
    const ids = leaving.map((comment) => comment.commentID);
    await trx
      .updateTable("comments")
      .set({ deleteLogID: logID, ...(method === "tombstone" ? { tombstone: 1 } : {}) })
      .where("commentID", "in", ids)
      .execute();
    await trx
      .deleteFrom("notifications")
      .where("recordType", "=", "comment")
      .where("recordID", "in", ids)
      .execute();
    const count = leaving.length;
    await trx
      .updateTable("discussions")
      .set({
        countComments: sql`case when "countComments" > ${count} then "countComments" - ${count} else 0 end`,
        hot: sql`"score" + case when "countComments" > ${count} then "countComments" - ${count} else 0 end`,
      })
      .where("discussionID", "=", discussion.discussionID)
      .execute();
    if (row.parentCommentID !== null)
      await trx
        .updateTable("comments")
        .set({
          countChildComments: sql`case when "countChildComments" > 0 then "countChildComments" - 1 else 0 end`,
        })
        .where("commentID", "=", row.parentCommentID)
        .execute();
    await refreshDiscussionLastPost(trx, discussion);
    await adjustCategoryCounts(trx, categories, discussion.categoryID, { comments: -count });
    await lowerUserCounts(trx, "countComments", countByAuthor(leaving));
    for (const id of ids) await context.events.emit(trx, "comment.deleted", { commentID: id });
    return ids;
  });
  invalidateCategoryTree(context.db);
}
