import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Selectable } from "kysely";
import { categoryIDsWith, getCategoryTree, type CategoryTree } from "../categories/categoryTree";
import { deletedRecordError } from "../discussions/deletedRecords";
import { getDiscussionRow, type DiscussionRow } from "../discussions/discussionRows";
import type { CommentTable } from "../tables";

export type CommentRow = Selectable<CommentTable>;

/**
 * A comment as a page shows it: its rendered body without its source (`body`) or plain text (`bodyText`), which
 * only editing, quoting and `expand=raw` read. On a discussion page they were two thirds of the text read per row.
 */
export type ShownCommentRow = Omit<CommentRow, "body" | "bodyText"> & Partial<Pick<CommentRow, "body">>;

/** The columns of a ShownCommentRow. */
export const SHOWN_COMMENT_COLUMNS = [
  "comments.commentID",
  "comments.discussionID",
  "comments.parentCommentID",
  "comments.depth",
  "comments.format",
  "comments.bodyHtml",
  "comments.insertUserID",
  "comments.dateInserted",
  "comments.updateUserID",
  "comments.dateUpdated",
  "comments.score",
  "comments.countChildComments",
  "comments.tombstone",
  "comments.deleteLogID",
] as const;

/** What a comment needs from its discussion to be presented and checked. */
export interface CommentParent {
  discussionID: number;
  categoryID: number;
  name: string;
  closed: number;
}

export async function getCommentRow(db: DbOrTx, commentID: number): Promise<CommentRow | undefined> {
  return db
    .selectFrom("comments")
    .selectAll()
    .where("commentID", "=", commentID)
    .where("deleteLogID", "is", null)
    .executeTakeFirst();
}

/** Rows by id in the order of `ids` (one query). */
export async function loadCommentRows(db: DbOrTx, ids: readonly number[]): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("comments")
    .selectAll()
    .where("commentID", "in", [...ids])
    .where("deleteLogID", "is", null)
    .execute();
  const byID = new Map(rows.map((row) => [row.commentID, row]));
  return ids.flatMap((id) => {
    const row = byID.get(id);
    return row ? [row] : [];
  });
}

/** The parents of many comments in one query. */
export async function loadCommentParents(
  db: DbOrTx,
  discussionIDs: Iterable<number>,
): Promise<Map<number, CommentParent>> {
  const ids = [...new Set(discussionIDs)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("discussions")
    .select(["discussionID", "categoryID", "name", "closed"])
    .where("discussionID", "in", ids)
    .where("deleteLogID", "is", null)
    .execute();
  return new Map(rows.map((row) => [row.discussionID, row]));
}

/**
 * A comment the viewer may see, with its discussion: 404 when unknown, 410 when deleted (RecordDeletedError), 403
 * without discussions.view.
 */
export async function getViewableComment(
  context: AppContext,
  viewer: Viewer,
  commentID: number,
): Promise<{ row: CommentRow; discussion: DiscussionRow; tree: CategoryTree }> {
  const row = await getCommentRow(context.db, commentID);
  if (!row) {
    const tree = await getCategoryTree(context.db);
    throw (
      (await deletedRecordError(context.db, tree, viewer, "comment", commentID)) ??
      new NotFoundError("Comment")
    );
  }
  const [discussion, tree] = await Promise.all([
    getDiscussionRow(context.db, row.discussionID),
    getCategoryTree(context.db),
  ]);
  if (!discussion) throw new NotFoundError("Comment");
  if (!categoryIDsWith(tree, viewer).has(discussion.categoryID))
    throw new PermissionError(["discussions.view"]);
  // A comment of a discussion an add-on's rule hides (a group's) does not exist for this viewer.
  if (!(await discussionVisibility(context).allows(context, viewer, discussion.discussionID)))
    throw new NotFoundError("Comment");
  return { row, discussion, tree };
}
