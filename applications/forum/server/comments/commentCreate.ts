import type { CommentPost } from "@forum/api/comments";
import type { AppContext } from "@library/server/app/appContext";
import { ClientError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  getCategoryTree,
  hasCategoryPermission,
  invalidateCategoryTree,
  requireCategoryPermission,
} from "../categories/categoryTree";
import { prepareBody } from "../content/bodies";
import { getDiscussionRow } from "../discussions/discussionRows";
import { getCommentRow } from "./commentRows";
import { NOTIFY_COMMENT_CREATED } from "../notifications/notificationJobs";

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

/**
 * `POST /comments` (API.md 8.4). Checks in order: posts.moderate passes; else discussions.view (403), a
 * closed discussion needs discussions.close (400), then comments.add (403). The discussion's counts and
 * last-post fields, the category counts (own and every ancestor's) and the author's count change in the
 * same transaction.
 */
export async function createComment(context: AppContext, viewer: Viewer, body: CommentPost): Promise<number> {
  viewer.require("session.valid");
  const discussionID = targetDiscussionID(body);
  const [discussion, tree] = await Promise.all([
    getDiscussionRow(context.db, discussionID),
    getCategoryTree(context.db),
  ]);
  if (!discussion) throw new NotFoundError("Discussion");
  const categoryID = discussion.categoryID;
  if (!hasCategoryPermission(tree, viewer, "posts.moderate", categoryID)) {
    requireCategoryPermission(tree, viewer, "discussions.view", categoryID);
    if (discussion.closed === 1 && !hasCategoryPermission(tree, viewer, "discussions.close", categoryID))
      throw new ClientError(DISCUSSION_CLOSED);
    requireCategoryPermission(tree, viewer, "comments.add", categoryID);
  }
  let depth = 1;
  const parentCommentID = body.parentCommentID ?? null;
  if (parentCommentID !== null) {
    const parent = await getCommentRow(context.db, parentCommentID);
    if (!parent || parent.discussionID !== discussionID)
      throw new ClientError("Parent comment is from a different thread.");
    depth = parent.depth + 1;
    if (depth > MAX_COMMENT_DEPTH) throw new ClientError("Comment exceeds maximum depth.");
  }
  const stored = prepareBody(body.format, body.body);
  const now = nowIso();
  const commentID = await context.db.transaction().execute(async (trx) => {
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
      })
      .returning("commentID")
      .executeTakeFirstOrThrow();
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
    await adjustCategoryCounts(trx, tree, categoryID, { comments: 1 });
    await trx
      .updateTable("users")
      .set({ countComments: sql`"countComments" + 1` })
      .where("userID", "=", viewer.userID)
      .execute();
    await context.jobs.enqueue(trx, NOTIFY_COMMENT_CREATED, { commentID: id });
    return id;
  });
  invalidateCategoryTree(context.db);
  context.events.emit("comment.created", { commentID, discussionID, insertUserID: viewer.userID });
  return commentID;
}
