import type { ModerationAction, ModerationBulkResult, ModerationStatus } from "@forum/api/moderationQueue";
import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ConflictError, HttpError, NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { getCategoryTree, invalidateCategoryTree } from "../categories/categoryTree";
import { deleteComment } from "../comments/commentDelete";
import { deleteDiscussion } from "../discussions/discussionDelete";
import { deleteHeldPost, publishHeldPost } from "./heldPostWrites";
import { requireModerationScope } from "./moderationAccess";
import {
  ALREADY_HANDLED,
  isHoldItem,
  isOpen,
  ITEM_NOT_FOUND,
  lockOpenItem,
  resolveItem,
  type ModerationItemRow,
} from "./moderationItems";

export const ALREADY_ESCALATED = "This item has already been escalated.";

const RESOLUTION: Record<Exclude<ModerationAction, "escalate">, ModerationStatus> = {
  approve: "approved",
  reject: "rejected",
  delete: "deleted",
};

async function readItem(context: AppContext, viewer: Viewer, itemID: number): Promise<ModerationItemRow> {
  const scope = requireModerationScope(await getCategoryTree(context.db), viewer);
  const item = await context.db
    .selectFrom("moderationItems")
    .selectAll()
    .where("itemID", "=", itemID)
    .where("recordID", ">", 0)
    .executeTakeFirst();
  if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
  if (!scope.covers(item.categoryID)) throw new PermissionError(["posts.moderate"]);
  if (!isOpen(item)) throw new ConflictError(ALREADY_HANDLED);
  return item;
}

/** Marks an item decided (or escalated) on its own: the post itself does not change. */
async function decideOnly(
  context: AppContext,
  viewer: Viewer,
  item: ModerationItemRow,
  status: ModerationStatus,
) {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const locked = await lockOpenItem(trx, context.dialect, item.itemID);
    if (status === "escalated" && locked.status === "escalated") throw new ConflictError(ALREADY_ESCALATED);
    await resolveItem(trx, item.itemID, status, viewer.userID);
  });
}

/** A held post: published, declined or deleted, with the item, in one transaction. */
async function actOnHeldPost(
  context: AppContext,
  viewer: Viewer,
  item: ModerationItemRow,
  action: Exclude<ModerationAction, "escalate">,
): Promise<void> {
  if (action === "reject") return decideOnly(context, viewer, item, "rejected");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    if (action === "approve") await publishHeldPost(trx, context, item);
    else await deleteHeldPost(trx, context, item, viewer.userID);
    await resolveItem(trx, item.itemID, RESOLUTION[action], viewer.userID);
    // The side effects of a new post (search indexing), written with the approval that makes it public.
    if (action !== "approve") return;
    if (item.recordType === "discussion")
      await context.events.emit(trx, "discussion.created", {
        discussionID: item.recordID,
        categoryID: item.categoryID,
        insertUserID: item.recordUserID,
      });
    else await context.events.emit(trx, "comment.created", approvedComment(item));
  });
  invalidateCategoryTree(context.db);
  if (action === "approve" && item.recordType !== "discussion")
    context.events.announce("comment.created", approvedComment(item));
}

function approvedComment(item: ModerationItemRow) {
  return { commentID: item.recordID, discussionID: item.discussionID, insertUserID: item.recordUserID };
}

/**
 * A reported live post. approve: the reports are dismissed and the post stays; reject and delete: the post is
 * deleted through the forum's own delete (its permission checks, counts and change log entry, so it can be
 * restored), then the item is closed. A post already gone still closes the item.
 */
async function actOnReportedPost(
  context: AppContext,
  viewer: Viewer,
  item: ModerationItemRow,
  action: Exclude<ModerationAction, "escalate">,
): Promise<void> {
  if (action !== "approve") {
    try {
      if (item.recordType === "discussion") await deleteDiscussion(context, viewer, item.recordID);
      else await deleteComment(context, viewer, item.recordID);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  await decideOnly(context, viewer, item, RESOLUTION[action]);
}

/**
 * `POST /moderation/items/{id}/{approve|reject|delete|escalate}` (moderators of the item's category). 404 for
 * an unknown item, 403 outside the viewer's categories, 409 when it was decided already.
 */
export async function actOnItem(
  context: AppContext,
  viewer: Viewer,
  itemID: number,
  action: ModerationAction,
): Promise<void> {
  const item = await readItem(context, viewer, itemID);
  if (action === "escalate") return decideOnly(context, viewer, item, "escalated");
  if (isHoldItem(item)) return actOnHeldPost(context, viewer, item, action);
  return actOnReportedPost(context, viewer, item, action);
}

/** `POST /moderation/items/bulk`: the action on each item in turn; what failed is reported per id. */
export async function actOnItems(
  context: AppContext,
  viewer: Viewer,
  itemIDs: readonly number[],
  action: Exclude<ModerationAction, "escalate">,
): Promise<ModerationBulkResult> {
  requireModerationScope(await getCategoryTree(context.db), viewer);
  const result: ModerationBulkResult = { successIDs: [], failedIDs: [], exceptionsByID: {} };
  for (const itemID of [...itemIDs].sort((a, b) => a - b)) {
    try {
      await actOnItem(context, viewer, itemID, action);
      result.successIDs.push(itemID);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result.failedIDs.push(itemID);
      result.exceptionsByID[String(itemID)] = { message: error.message, code: error.status };
    }
  }
  return result;
}
