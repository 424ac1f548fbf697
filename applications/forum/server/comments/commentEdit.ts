import type { CommentPatch } from "@forum/api/comments";
import type { AppContext } from "@library/server/app/appContext";
import type { Database, DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Transaction } from "kysely";
import {
  categoryIDsWith,
  getCategoryTree,
  hasCategoryPermission,
  type CategoryTree,
} from "../categories/categoryTree";
import { prepareBody, withinEditWindow } from "../content/bodies";
import type { DiscussionRow } from "../discussions/discussionRows";
import { lockComments, lockDiscussion, lockDiscussionWithCategories } from "../locks/forumRowLocks";
import { getCommentRow, type CommentRow } from "./commentRows";

export const EDIT_COMMENT_REFUSED = "Editing comments is not allowed.";
const MODERATORS = ["site.manage", "community.moderate"];

/** API.md 8.5: moderators and comments.edit pass; else the author (403) within the edit window (400). */
export function assertCanEditComment(
  tree: CategoryTree,
  viewer: Viewer,
  row: CommentRow,
  discussion: DiscussionRow,
  timeoutSeconds: number,
): void {
  if (viewer.has(MODERATORS) || hasCategoryPermission(tree, viewer, "comments.edit", discussion.categoryID))
    return;
  if (viewer.isGuest || viewer.userID !== row.insertUserID) throw new PermissionError(["comments.edit"]);
  if (discussion.closed === 1 || !withinEditWindow(row.dateInserted, timeoutSeconds))
    throw new ClientError(EDIT_COMMENT_REFUSED);
}

/**
 * The comment and its discussion, read again under their locks (discussion, then comment) inside a write
 * transaction; with `categories`, the discussion's category chain is locked first. 404 when either vanished,
 * 403 without discussions.view.
 */
async function lockViewableComment(
  trx: Transaction<Database>,
  context: AppContext,
  viewer: Viewer,
  tree: CategoryTree,
  commentID: number,
  categories: boolean,
) {
  const before = await getCommentRow(trx, commentID);
  if (!before) throw new NotFoundError("Comment");
  const locked = categories
    ? await lockDiscussionWithCategories(trx, context.dialect, before.discussionID)
    : await lockDiscussion(trx, context.dialect, before.discussionID).then((discussion) =>
        discussion ? { discussion, categories: null } : null,
      );
  if (!locked) throw new NotFoundError("Comment");
  // The parent too (its countChildComments may change): one ascending pass.
  const rows = await lockComments(trx, context.dialect, [commentID, before.parentCommentID ?? commentID]);
  const row = rows.get(commentID);
  if (!row) throw new NotFoundError("Comment");
  if (!categoryIDsWith(tree, viewer).has(locked.discussion.categoryID))
    throw new PermissionError(["discussions.view"]);
  return { row, ...locked };
}

/** `PATCH /comments/{id}`: re-renders the body once and stores it. */
export async function patchComment(
  context: AppContext,
  viewer: Viewer,
  commentID: number,
  body: CommentPatch,
): Promise<void> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  const timeout = await context.settings.get<number>("ui.editContentTimeout");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { row, discussion } = await lockViewableComment(trx, context, viewer, tree, commentID, false);
    assertCanEditComment(tree, viewer, row, discussion, timeout);
    if (body.body === undefined && body.format === undefined) return;
    const stored = prepareBody(
      body.format ?? (row.format as NonNullable<CommentPatch["format"]>),
      body.body ?? row.body,
    );
    await context.postValidators.check(trx, context, {
      recordType: "comment",
      userID: viewer.userID,
      viewer,
      ...stored,
    });
    await trx
      .updateTable("comments")
      .set({ ...stored, updateUserID: viewer.userID, dateUpdated: nowIso() })
      .where("commentID", "=", commentID)
      .execute();
    await context.events.emit(trx, "comment.updated", { commentID });
  });
}

/** After a comment leaves a discussion: the last comment, last user and (unless sunk) the last date follow. */
export async function refreshDiscussionLastPost(trx: DbOrTx, discussion: DiscussionRow): Promise<void> {
  const last = await trx
    .selectFrom("comments")
    .select(["commentID", "insertUserID", "dateInserted"])
    .where("discussionID", "=", discussion.discussionID)
    .where("deleteLogID", "is", null)
    .orderBy("dateInserted", "desc")
    .orderBy("commentID", "desc")
    .limit(1)
    .executeTakeFirst();
  await trx
    .updateTable("discussions")
    .set({
      lastCommentID: last?.commentID ?? null,
      lastUserID: last?.insertUserID ?? discussion.insertUserID,
      ...(discussion.sink === 1 ? {} : { dateLastComment: last?.dateInserted ?? discussion.dateInserted }),
    })
    .where("discussionID", "=", discussion.discussionID)
    .execute();
}
