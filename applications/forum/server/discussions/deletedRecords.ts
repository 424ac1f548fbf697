import type { DbOrTx } from "@library/server/db/database";
import { HttpError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, type CategoryTree } from "../categories/categoryTree";

export type DeletedRecordType = "discussion" | "comment";

/**
 * 410 of API.md 1.8/1.9: the record was deleted (its row stays, its ID is never reused); `operation` and `logID`
 * name the change log entry a moderator restores it from.
 */
export class RecordDeletedError extends HttpError {
  constructor(
    readonly recordType: DeletedRecordType,
    readonly recordID: number,
    readonly logID: number,
    /** The discussion: itself, or the comment's. */
    readonly discussionID: number,
  ) {
    super(410, `${recordType === "discussion" ? "Discussion" : "Comment"} has been deleted.`, {
      operation: "Delete",
      logID,
    });
  }
}

/**
 * When a discussion or comment that is not live was deleted (rather than never existing), the 410 to throw;
 * null for an unknown id. A reader who may not see the category gets the usual 403.
 */
export async function deletedRecordError(
  db: DbOrTx,
  tree: CategoryTree,
  viewer: Viewer,
  recordType: DeletedRecordType,
  recordID: number,
): Promise<HttpError | null> {
  const row =
    recordType === "discussion"
      ? await db
          .selectFrom("discussions")
          .select(["discussionID", "categoryID", "deleteLogID"])
          .where("discussionID", "=", recordID)
          .executeTakeFirst()
      : await db
          .selectFrom("comments")
          .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
          .select(["discussions.discussionID", "discussions.categoryID", "comments.deleteLogID"])
          .where("comments.commentID", "=", recordID)
          .executeTakeFirst();
  // A negative deleteLogID marks a post held for moderation (never published): unknown to readers, not deleted.
  if (!row || row.deleteLogID === null || row.deleteLogID < 0) return null;
  if (!categoryIDsWith(tree, viewer).has(row.categoryID)) return new PermissionError(["discussions.view"]);
  return new RecordDeletedError(recordType, recordID, row.deleteLogID, row.discussionID);
}
