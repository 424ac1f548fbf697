import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, StaleReadError } from "@library/server/db/writeTransaction";
import { ConflictError } from "@library/server/errors/httpErrors";
import { sql } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import { softDeleteComment, softDeleteDiscussions } from "../changeLog/changeLogWrites";
import { refreshDiscussionLastPost } from "../comments/commentEdit";
import { lockCategoryChains, lockDiscussionWithCategories } from "../locks/forumRowLocks";
import { NOTIFY_COMMENT_CREATED, NOTIFY_DISCUSSION_CREATED } from "../notifications/notificationJobs";
import { ALREADY_HANDLED, heldMarker, lockOpenItem, type ModerationItemRow } from "./moderationItems";

export const DISCUSSION_GONE = "The discussion of this comment has been deleted.";

async function lockHeldDiscussion(trx: DbOrTx, context: AppContext, item: ModerationItemRow) {
  const before = await trx
    .selectFrom("discussions")
    .select("categoryID")
    .where("discussionID", "=", item.recordID)
    .executeTakeFirst();
  const categories = await lockCategoryChains(trx, context.dialect, [before?.categoryID ?? item.categoryID]);
  const discussion = await trx
    .selectFrom("discussions")
    .selectAll()
    .where("discussionID", "=", item.recordID)
    .where("deleteLogID", "=", heldMarker(item.itemID))
    .$call(forUpdate(context.dialect))
    .executeTakeFirst();
  if (!discussion) throw new ConflictError(ALREADY_HANDLED);
  if (!categories.has(discussion.categoryID))
    throw new StaleReadError(`Discussion ${discussion.discussionID}`);
  return { discussion, categories };
}

async function lockHeldComment(trx: DbOrTx, context: AppContext, item: ModerationItemRow) {
  const locked = await lockDiscussionWithCategories(trx, context.dialect, item.discussionID);
  if (!locked) throw new ConflictError(DISCUSSION_GONE);
  const comment = await trx
    .selectFrom("comments")
    .selectAll()
    .where("commentID", "=", item.recordID)
    .where("deleteLogID", "=", heldMarker(item.itemID))
    .$call(forUpdate(context.dialect))
    .executeTakeFirst();
  if (!comment) throw new ConflictError(ALREADY_HANDLED);
  return { ...locked, comment };
}

/**
 * Publishes a held post inside the caller's transaction, as if it were posted now: it joins every list, the
 * discussion, category and author counts rise, and the notification job is queued (the caller emits the
 * created event after commit). Locks: category chain, discussion, comment, then the item (which must still
 * be open: two moderators approving at once publish it once, the second gets 409).
 */
export async function publishHeldPost(
  trx: DbOrTx,
  context: AppContext,
  item: ModerationItemRow,
): Promise<void> {
  if (item.recordType === "discussion") {
    const { discussion, categories } = await lockHeldDiscussion(trx, context, item);
    await lockOpenItem(trx, context.dialect, item.itemID);
    await trx
      .updateTable("discussions")
      .set({ deleteLogID: null })
      .where("discussionID", "=", discussion.discussionID)
      .execute();
    await adjustCategoryCounts(trx, categories, discussion.categoryID, { discussions: 1 });
    await trx
      .updateTable("users")
      .set({ countDiscussions: sql`"countDiscussions" + 1` })
      .where("userID", "=", discussion.insertUserID)
      .execute();
    await context.jobs.enqueue(trx, NOTIFY_DISCUSSION_CREATED, { discussionID: discussion.discussionID });
    return;
  }
  const { discussion, categories, comment } = await lockHeldComment(trx, context, item);
  await lockOpenItem(trx, context.dialect, item.itemID);
  await trx
    .updateTable("comments")
    .set({ deleteLogID: null })
    .where("commentID", "=", comment.commentID)
    .execute();
  await trx
    .updateTable("discussions")
    .set({ countComments: sql`"countComments" + 1`, hot: sql`"score" + "countComments" + 1` })
    .where("discussionID", "=", discussion.discussionID)
    .execute();
  if (comment.parentCommentID !== null)
    await trx
      .updateTable("comments")
      .set({ countChildComments: sql`"countChildComments" + 1` })
      .where("commentID", "=", comment.parentCommentID)
      .execute();
  await refreshDiscussionLastPost(trx, discussion);
  await adjustCategoryCounts(trx, categories, discussion.categoryID, { comments: 1 });
  await trx
    .updateTable("users")
    .set({ countComments: sql`"countComments" + 1` })
    .where("userID", "=", comment.insertUserID)
    .execute();
  await context.jobs.enqueue(trx, NOTIFY_COMMENT_CREATED, { commentID: comment.commentID });
}

/**
 * Deletes a held post inside the caller's transaction: it gets a change log entry like any deletion, so it is
 * listed under Deleted Comments (or the discussion's history) and a restore publishes it. Nothing was counted
 * for it, so no count changes.
 */
export async function deleteHeldPost(
  trx: DbOrTx,
  context: AppContext,
  item: ModerationItemRow,
  actorUserID: number,
): Promise<void> {
  if (item.recordType === "discussion") {
    const { discussion } = await lockHeldDiscussion(trx, context, item);
    await lockOpenItem(trx, context.dialect, item.itemID);
    await softDeleteDiscussions(trx, [discussion], actorUserID);
    return;
  }
  const { discussion, comment } = await lockHeldComment(trx, context, item);
  await lockOpenItem(trx, context.dialect, item.itemID);
  await softDeleteComment(trx, comment, discussion.name, actorUserID);
}
