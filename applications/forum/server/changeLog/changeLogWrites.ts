import type { DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import type { CommentRow } from "../comments/commentRows";
import type { DiscussionRow } from "../discussions/discussionRows";
import "./changeLogTables";
import type { ChangeOperation } from "./changeLogTables";

/** The part of a record the change log keeps: enough to show it and to put it back. */
function snapshot(row: DiscussionRow | CommentRow): string {
  const { body, format, bodyHtml } = row;
  return JSON.stringify(
    "name" in row ? { name: row.name, body, format, bodyHtml } : { body, format, bodyHtml },
  );
}

/** Writes one change log entry (inside the caller's transaction) and returns its logID. */
export async function logChange(
  trx: DbOrTx,
  operation: ChangeOperation,
  record: { discussion: DiscussionRow } | { comment: CommentRow; discussionName: string },
  actorUserID: number,
): Promise<number> {
  const values =
    "discussion" in record
      ? {
          recordType: "discussion" as const,
          recordID: record.discussion.discussionID,
          parentRecordID: null,
          recordName: record.discussion.name,
          data: snapshot(record.discussion),
          recordUserID: record.discussion.insertUserID,
        }
      : {
          recordType: "comment" as const,
          recordID: record.comment.commentID,
          parentRecordID: record.comment.discussionID,
          recordName: record.discussionName,
          data: snapshot(record.comment),
          recordUserID: record.comment.insertUserID,
        };
  const { logID } = await trx
    .insertInto("changeLog")
    .values({ ...values, operation, insertUserID: actorUserID, dateInserted: nowIso() })
    .returning("logID")
    .executeTakeFirstOrThrow();
  return logID;
}

/**
 * Marks discussions deleted (rows kept, IDs never reused): one change log entry each, and the discussion's live
 * comments carry the same entry, so restoring it brings back exactly the comments that left with it.
 */
export async function softDeleteDiscussions(
  trx: DbOrTx,
  discussions: readonly DiscussionRow[],
  actorUserID: number,
): Promise<void> {
  for (const discussion of discussions) {
    const logID = await logChange(trx, "delete", { discussion }, actorUserID);
    await trx
      .updateTable("discussions")
      .set({ deleteLogID: logID })
      .where("discussionID", "=", discussion.discussionID)
      .execute();
    await trx
      .updateTable("comments")
      .set({ deleteLogID: logID })
      .where("discussionID", "=", discussion.discussionID)
      .where("deleteLogID", "is", null)
      .execute();
    // Nobody is notified about what is gone (a restore does not bring these back).
    await trx.deleteFrom("notifications").where("discussionID", "=", discussion.discussionID).execute();
  }
}

/** Marks one comment deleted with its own change log entry (shown under the discussion's Deleted Comments). */
export async function softDeleteComment(
  trx: DbOrTx,
  comment: CommentRow,
  discussionName: string,
  actorUserID: number,
): Promise<void> {
  const logID = await logChange(trx, "delete", { comment, discussionName }, actorUserID);
  await trx
    .updateTable("comments")
    .set({ deleteLogID: logID })
    .where("commentID", "=", comment.commentID)
    .execute();
  await trx
    .deleteFrom("notifications")
    .where("recordType", "=", "comment")
    .where("recordID", "=", comment.commentID)
    .execute();
}
