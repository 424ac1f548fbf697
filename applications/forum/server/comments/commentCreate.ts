import type { CommentPost } from "@forum/api/comments";
import type { AppContext } from "@library/server/app/appContext";
import { ClientError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { assertNotPostMuted } from "@library/server/users/postMutes";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { sql } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  getCategoryTree,
  hasCategoryPermission,
  invalidateCategoryTree,
  requireCategoryPermission,
  type CategoryTree,
} from "../categories/categoryTree";
import { prepareBody } from "../content/bodies";
import type { WithinPostTransaction } from "../discussions/discussionCreate";
import type { DiscussionRow } from "../discussions/discussionRows";
import { lockComments, lockDiscussionWithCategories } from "../locks/forumRowLocks";
import { holdForModeration, readHoldSettings } from "../moderation/holdPosts";
import type { CommentRow } from "./commentRows";
import { NOTIFY_COMMENT_CREATED } from "../notifications/notificationJobs";
import { removePostedDraft } from "../drafts/postedDrafts";

export const DISCUSSION_CLOSED = "This discussion has been closed.";
export const MAX_COMMENT_DEPTH = 5;

function targetDiscussionID(body: CommentPost): number {
  if ((body.parentRecordType === undefined) !== (body.parentRecordID === undefined))
    throw ValidationError.field(
      "parentRecordID",
      "parentRecordType and parentRecordID must be used together.",
      "required",
    );
  const id = body.discussionID ?? body.parentRecordID;
  if (id === undefined) throw ValidationError.field("discussionID", "discussionID is required.", "required");
  return id;
}

function latestOf(a: string, b: string): string {
  return a >= b ? a : b;
}

/** The checks of API.md 8.4 against the discussion as locked by the writing transaction. */
function assertMayComment(tree: CategoryTree, viewer: Viewer, discussion: DiscussionRow): void {
  const categoryID = discussion.categoryID;
  if (hasCategoryPermission(tree, viewer, "posts.moderate", categoryID)) return;
  requireCategoryPermission(tree, viewer, "discussions.view", categoryID);
  if (discussion.closed === 1 && !hasCategoryPermission(tree, viewer, "discussions.close", categoryID))
    throw new ClientError(DISCUSSION_CLOSED);
  requireCategoryPermission(tree, viewer, "comments.add", categoryID);
}

/** The depth of a reply, checked against its parent as locked by the writing transaction. */
function replyDepth(parent: CommentRow | undefined, discussionID: number): number {
  if (!parent || parent.discussionID !== discussionID)
    throw new ClientError("Parent comment is from a different thread.");
  const depth = parent.depth + 1;
  if (depth > MAX_COMMENT_DEPTH) throw new ClientError("Comment exceeds maximum depth.");
  return depth;
}

/**
 * `POST /comments` (API.md 8.4). Checks in order: posts.moderate passes; else discussions.view (403), a
 * closed discussion needs discussions.close (400), then comments.add (403). Inside one write transaction the
 * discussion's category chain, the discussion and the parent comment are locked (in that order) and read
 * again, so a discussion moved or deleted meanwhile is counted in its current category or answered with 404;
 * the discussion's counts and last-post fields, the category counts (own and every ancestor's) and the
 * author's count change in the same transaction.
 */
export async function createComment(
  context: AppContext,
  viewer: Viewer,
  body: CommentPost,
  withinTransaction?: WithinPostTransaction,
): Promise<number> {
  viewer.require("session.valid");
  const discussionID = targetDiscussionID(body);
  const tree = await getCategoryTree(context.db);
  const holdSettings = await readHoldSettings(context);
  const parentCommentID = body.parentCommentID ?? null;
  let stored: ReturnType<typeof prepareBody> | null = null;
  const { commentID, held } = await writeTransaction(context.db, context.dialect, async (trx) => {
    const locked = await lockDiscussionWithCategories(trx, context.dialect, discussionID);
    if (!locked) throw new NotFoundError("Discussion");
    const { discussion, categories } = locked;
    assertMayComment(tree, viewer, discussion);
    await assertNotPostMuted(trx, viewer.userID);
    const depth =
      parentCommentID === null
        ? 1
        : replyDepth(
            (await lockComments(trx, context.dialect, [parentCommentID])).get(parentCommentID),
            discussionID,
          );
    // Rendered after the checks (a refused request gets its 403, not a body error), once across retries.
    stored ??= prepareBody(body.format, body.body);
    await context.postValidators.check(trx, context, {
      recordType: "comment",
      userID: viewer.userID,
      viewer,
      ...stored,
    });
    // A held comment (pre-moderation, spam score) is written unpublished: no counts, no notifications yet.
    const hold = await holdForModeration(
      trx,
      context,
      viewer,
      tree,
      {
        recordType: "comment",
        categoryID: discussion.categoryID,
        discussionID,
        ...stored,
      },
      holdSettings,
    );
    // Dated under the discussion's lock, never before its last comment, so the newest comment by date is also
    // the last one written (lastCommentID) even when this request waited for the lock.
    const now = latestOf(nowIso(), discussion.dateLastComment);
    const { commentID: id } = await trx
      .insertInto("comments")
      .values({
        discussionID,
        parentCommentID,
        depth,
        ...stored,
        insertUserID: viewer.userID,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: null,
        score: 0,
        countChildComments: 0,
        ...(hold ? { deleteLogID: hold.deleteLogID } : {}),
      })
      .returning("commentID")
      .executeTakeFirstOrThrow();
    await removePostedDraft(trx, viewer, body.draftID);
    if (hold) {
      await hold.attach(id);
      await withinTransaction?.(trx, id);
      return { commentID: id, held: true };
    }
    await trx
      .updateTable("discussions")
      .set({
        countComments: sql`"countComments" + 1`,
        hot: sql`"score" + "countComments" + 1`,
        lastCommentID: id,
        lastUserID: viewer.userID,
        ...(discussion.sink === 1 ? {} : { dateLastComment: now }),
      })
      .where("discussionID", "=", discussionID)
      .execute();
    if (parentCommentID !== null)
      await trx
        .updateTable("comments")
        .set({ countChildComments: sql`"countChildComments" + 1` })
        .where("commentID", "=", parentCommentID)
        .execute();
    await adjustCategoryCounts(trx, categories, discussion.categoryID, { comments: 1 });
    await trx
      .updateTable("users")
      .set({ countComments: sql`"countComments" + 1` })
      .where("userID", "=", viewer.userID)
      .execute();
    await context.jobs.enqueue(trx, NOTIFY_COMMENT_CREATED, { commentID: id });
    await context.events.emit(trx, "comment.created", {
      commentID: id,
      discussionID,
      insertUserID: viewer.userID,
    });
    await withinTransaction?.(trx, id);
    return { commentID: id, held: false };
  });
  if (held) return commentID;
  invalidateCategoryTree(context.db);
  context.events.announce("comment.created", { commentID, discussionID, insertUserID: viewer.userID });
  return commentID;
}
