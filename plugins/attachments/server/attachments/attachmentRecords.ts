import type { AppContext } from "@library/server/app/appContext";
import { forumServices } from "@library/server/addons/forumServices";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { AttachmentRecordType } from "../../api/attachmentsApi";
import type { AttachmentRecord } from "../integrations/attachmentIntegrations";

/** The discussion a record belongs to and its author (null when the record is gone or deleted). */
export async function recordOwner(
  db: DbOrTx,
  recordType: AttachmentRecordType,
  recordID: number,
): Promise<{ discussionID: number; insertUserID: number } | null> {
  const row =
    recordType === "discussion"
      ? await db
          .selectFrom("discussions")
          .select(["discussionID", "insertUserID"])
          .where("discussionID", "=", recordID)
          .where("deleteLogID", "is", null)
          .executeTakeFirst()
      : await db
          .selectFrom("comments")
          .select(["discussionID", "insertUserID"])
          .where("commentID", "=", recordID)
          .where("deleteLogID", "is", null)
          .where("tombstone", "=", 0)
          .executeTakeFirst();
  return row ?? null;
}

/**
 * A discussion or comment the viewer may see, with what an integration sends on: 404 when it is unknown or
 * hidden from them (the discussion's own errors otherwise, as `GET /discussions/{id}`).
 */
export async function viewableRecord(
  context: AppContext,
  viewer: Viewer,
  recordType: AttachmentRecordType,
  recordID: number,
  origin: string,
): Promise<AttachmentRecord> {
  const owner = await recordOwner(context.db, recordType, recordID);
  if (!owner) throw new NotFoundError(recordType === "discussion" ? "Discussion" : "Comment");
  await forumServices().viewableDiscussion(context, viewer, owner.discussionID);
  const [discussion, body, author] = await Promise.all([
    context.db
      .selectFrom("discussions")
      .select("name")
      .where("discussionID", "=", owner.discussionID)
      .executeTakeFirstOrThrow(),
    recordType === "discussion"
      ? context.db
          .selectFrom("discussions")
          .select("bodyText")
          .where("discussionID", "=", recordID)
          .executeTakeFirstOrThrow()
      : context.db
          .selectFrom("comments")
          .select("bodyText")
          .where("commentID", "=", recordID)
          .executeTakeFirstOrThrow(),
    context.db.selectFrom("users").select("name").where("userID", "=", owner.insertUserID).executeTakeFirst(),
  ]);
  return {
    recordType,
    recordID,
    discussionID: owner.discussionID,
    insertUserID: owner.insertUserID,
    title: discussion.name,
    bodyText: body.bodyText,
    authorName: author?.name ?? "",
    url:
      recordType === "discussion"
        ? `${origin}/discussion/${recordID}`
        : `${origin}/discussion/comment/${recordID}#Comment_${recordID}`,
  };
}
