import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ConflictError, NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql, type Selectable } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  getCategoryTree,
  hasCategoryPermission,
  invalidateCategoryTree,
  type CategoryTree,
} from "../categories/categoryTree";
import { refreshDiscussionLastPost } from "../comments/commentEdit";
import { prepareBody } from "../content/bodies";
import { lockCategoryChains, lockDiscussion, lockDiscussionWithCategories } from "../locks/forumRowLocks";
import type { ChangeLogTable } from "./changeLogTables";
import { logChange } from "./changeLogWrites";

export const LOG_ENTRY_NOT_FOUND = "Log entry";
export const ALREADY_RESTORED = "This has already been restored.";
export const CATEGORY_GONE = "The category of this discussion no longer exists.";
export const DISCUSSION_DELETED = "Restore the discussion of this comment first.";
export const PARENT_DELETED = "Restore the comment this one replies to first.";
export const DISCUSSION_IS_DELETED = "Restore the discussion before one of its revisions.";
const MODERATORS = ["site.manage", "community.moderate"];

export type ChangeLogRow = Selectable<ChangeLogTable>;

/** Moderators, or whoever may delete such a record in its category, may restore it. */
function requireRestorer(tree: CategoryTree, viewer: Viewer, entry: ChangeLogRow, categoryID: number): void {
  if (viewer.has(MODERATORS)) return;
  const permission = entry.recordType === "discussion" ? "discussions.delete" : "comments.delete";
  if (!hasCategoryPermission(tree, viewer, permission, categoryID)) throw new PermissionError([permission]);
}

/** Raises members' stored counts, one row per member in ascending userID order (the lock order). */
async function raiseUserCounts(
  trx: DbOrTx,
  column: "countDiscussions" | "countComments",
  amounts: ReadonlyMap<number, number>,
): Promise<void> {
  for (const userID of [...amounts.keys()].sort((a, b) => a - b)) {
    const amount = amounts.get(userID) ?? 0;
    if (amount === 0) continue;
    await trx
      .updateTable("users")
      .set({ [column]: sql`${sql.ref(column)} + ${amount}` })
      .where("userID", "=", userID)
      .execute();
  }
}

async function lockDeletedDiscussion(trx: DbOrTx, dialect: Dialect, discussionID: number, logID: number) {
  return trx
    .selectFrom("discussions")
    .selectAll()
    .where("discussionID", "=", discussionID)
    .where("deleteLogID", "=", logID)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

async function restoreDiscussion(
  trx: DbOrTx,
  context: AppContext,
  viewer: Viewer,
  tree: CategoryTree,
  entry: ChangeLogRow,
): Promise<number[]> {
  const unlocked = await trx
    .selectFrom("discussions")
    .select("categoryID")
    .where("discussionID", "=", entry.recordID)
    .executeTakeFirst();
  if (!unlocked) throw new NotFoundError(LOG_ENTRY_NOT_FOUND);
  const categories = await lockCategoryChains(trx, context.dialect, [unlocked.categoryID]);
  const discussion = await lockDeletedDiscussion(trx, context.dialect, entry.recordID, entry.logID);
  if (!discussion) throw new ConflictError(ALREADY_RESTORED);
  if (!categories.has(discussion.categoryID)) throw new ConflictError(CATEGORY_GONE);
  requireRestorer(tree, viewer, entry, discussion.categoryID);
  const comments = await trx
    .selectFrom("comments")
    .select(["commentID", "insertUserID"])
    .where("discussionID", "=", discussion.discussionID)
    .where("deleteLogID", "=", entry.logID)
    .orderBy("commentID")
    .$call(forUpdate(context.dialect))
    .execute();
  await trx
    .updateTable("discussions")
    .set({ deleteLogID: null })
    .where("discussionID", "=", discussion.discussionID)
    .execute();
  await trx
    .updateTable("comments")
    .set({ deleteLogID: null })
    .where("discussionID", "=", discussion.discussionID)
    .where("deleteLogID", "=", entry.logID)
    .execute();
  // The discussion's counts from its comments as they are now (some may have been deleted on their own before).
  const { count } = await trx
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("discussionID", "=", discussion.discussionID)
    .where("deleteLogID", "is", null)
    .executeTakeFirstOrThrow();
  const countComments = Number(count);
  await trx
    .updateTable("discussions")
    .set({ countComments, hot: discussion.score + countComments })
    .where("discussionID", "=", discussion.discussionID)
    .execute();
  await refreshDiscussionLastPost(trx, discussion);
  await adjustCategoryCounts(trx, categories, discussion.categoryID, {
    discussions: 1,
    comments: countComments,
  });
  const byCommenter = new Map<number, number>();
  for (const comment of comments)
    byCommenter.set(comment.insertUserID, (byCommenter.get(comment.insertUserID) ?? 0) + 1);
  const userIDs = [...new Set([discussion.insertUserID, ...byCommenter.keys()])].sort((a, b) => a - b);
  for (const userID of userIDs) {
    await raiseUserCounts(
      trx,
      "countDiscussions",
      new Map([[userID, userID === discussion.insertUserID ? 1 : 0]]),
    );
    await raiseUserCounts(trx, "countComments", new Map([[userID, byCommenter.get(userID) ?? 0]]));
  }
  return comments.map((comment) => comment.commentID);
}

async function restoreComment(
  trx: DbOrTx,
  context: AppContext,
  viewer: Viewer,
  tree: CategoryTree,
  entry: ChangeLogRow,
): Promise<number[]> {
  const locked = await lockDiscussionWithCategories(trx, context.dialect, entry.parentRecordID ?? 0);
  if (!locked) {
    const exists = await trx
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "=", entry.parentRecordID ?? 0)
      .executeTakeFirst();
    if (!exists) throw new NotFoundError(LOG_ENTRY_NOT_FOUND);
    throw new ConflictError(DISCUSSION_DELETED);
  }
  const { discussion, categories } = locked;
  requireRestorer(tree, viewer, entry, discussion.categoryID);
  // The comment with the replies deleted with it (a full delete takes its subtree), ascending id order.
  const comments = await trx
    .selectFrom("comments")
    .selectAll()
    .where("discussionID", "=", discussion.discussionID)
    .where("deleteLogID", "=", entry.logID)
    .orderBy("commentID")
    .$call(forUpdate(context.dialect))
    .execute();
  const comment = comments.find((row) => row.commentID === entry.recordID);
  if (!comment) throw new ConflictError(ALREADY_RESTORED);
  if (comment.parentCommentID !== null) {
    const parent = await trx
      .selectFrom("comments")
      .select(["commentID", "deleteLogID", "tombstone"])
      .where("commentID", "=", comment.parentCommentID)
      .executeTakeFirst();
    if (parent && parent.deleteLogID !== null && parent.tombstone !== 1)
      throw new ConflictError(PARENT_DELETED);
  }
  await trx
    .updateTable("comments")
    .set({ deleteLogID: null, tombstone: 0 })
    .where("discussionID", "=", discussion.discussionID)
    .where("deleteLogID", "=", entry.logID)
    .execute();
  const count = comments.length;
  await trx
    .updateTable("discussions")
    .set({ countComments: sql`"countComments" + ${count}`, hot: sql`"score" + "countComments" + ${count}` })
    .where("discussionID", "=", discussion.discussionID)
    .execute();
  if (comment.parentCommentID !== null)
    await trx
      .updateTable("comments")
      .set({ countChildComments: sql`"countChildComments" + 1` })
      .where("commentID", "=", comment.parentCommentID)
      .execute();
  await refreshDiscussionLastPost(trx, discussion);
  await adjustCategoryCounts(trx, categories, discussion.categoryID, { comments: count });
  const byAuthor = new Map<number, number>();
  for (const row of comments) byAuthor.set(row.insertUserID, (byAuthor.get(row.insertUserID) ?? 0) + 1);
  await raiseUserCounts(trx, "countComments", byAuthor);
  return comments.map((row) => row.commentID);
}

/**
 * An edit's earlier revision becomes the discussion's text again; the text it replaces is logged as an edit
 * too, so nothing is lost. Moderators or discussions.edit in the category.
 */
async function restoreRevision(
  trx: DbOrTx,
  context: AppContext,
  viewer: Viewer,
  tree: CategoryTree,
  entry: ChangeLogRow,
): Promise<void> {
  const discussion = await lockDiscussion(trx, context.dialect, entry.recordID);
  if (!discussion) throw new ConflictError(DISCUSSION_IS_DELETED);
  if (
    !viewer.has(MODERATORS) &&
    !hasCategoryPermission(tree, viewer, "discussions.edit", discussion.categoryID)
  )
    throw new PermissionError(["discussions.edit"]);
  const revision = JSON.parse(entry.data) as { name?: string; body?: string; format?: string };
  const stored = prepareBody(
    (revision.format ?? discussion.format) as Parameters<typeof prepareBody>[0],
    revision.body ?? discussion.body,
  );
  await logChange(trx, "edit", { discussion }, viewer.userID);
  await trx
    .updateTable("discussions")
    .set({
      ...stored,
      name: revision.name ?? discussion.name,
      updateUserID: viewer.userID,
      dateUpdated: nowIso(),
    })
    .where("discussionID", "=", discussion.discussionID)
    .execute();
}

/**
 * `POST /log/{id}/restore`: a deletion puts the discussion (with the comments deleted with it) or comment back
 * where it was, with every count raised again; an edit brings its earlier revision back. 404 for an unknown
 * entry, 409 when a deletion was restored already, its category is gone or (for a comment, or a revision) its
 * discussion is deleted.
 */
export async function restoreLogEntry(context: AppContext, viewer: Viewer, logID: number): Promise<void> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const entry = await trx.selectFrom("changeLog").selectAll().where("logID", "=", logID).executeTakeFirst();
    if (!entry) throw new NotFoundError(LOG_ENTRY_NOT_FOUND);
    if (entry.operation === "edit") {
      if (entry.recordType !== "discussion") throw new NotFoundError(LOG_ENTRY_NOT_FOUND);
      await restoreRevision(trx, context, viewer, tree, entry);
      return { entry, commentIDs: [] };
    }
    if (entry.dateRestored !== null) throw new ConflictError(ALREADY_RESTORED);
    const commentIDs =
      entry.recordType === "discussion"
        ? await restoreDiscussion(trx, context, viewer, tree, entry)
        : await restoreComment(trx, context, viewer, tree, entry);
    await trx
      .updateTable("changeLog")
      .set({ restoreUserID: viewer.userID, dateRestored: nowIso() })
      .where("logID", "=", logID)
      .execute();
    if (entry.recordType === "discussion")
      await context.events.emit(trx, "discussion.updated", { discussionID: entry.recordID });
    for (const commentID of commentIDs) await context.events.emit(trx, "comment.updated", { commentID });
    return { entry, commentIDs };
  });
  invalidateCategoryTree(context.db);
}
