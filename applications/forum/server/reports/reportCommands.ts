import type { Report, ReportPost, ReportReason } from "@forum/api/reports";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { getViewableComment } from "../comments/commentRows";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { lockComments, lockDiscussion } from "../locks/forumRowLocks";
import { OPEN_STATUSES } from "../moderation/moderationItems";
import { enqueueModeratorNotification } from "../moderation/moderationNotify";
import type { ReportTable } from "../moderation/moderationTables";
import type { Selectable } from "kysely";

export const CANNOT_REPORT_OWN_POST = "You cannot report your own post.";

type ReportRow = Selectable<ReportTable>;

interface ReportedPost {
  recordType: "discussion" | "comment";
  recordID: number;
  discussionID: number;
  categoryID: number;
  insertUserID: number;
}

/** The post as the reporter may see it: 404 when unknown or not live, 403 without discussions.view. */
async function reportedPost(context: AppContext, viewer: Viewer, body: ReportPost): Promise<ReportedPost> {
  if (body.recordType === "discussion") {
    const { row } = await getViewableDiscussion(context, viewer, body.recordID);
    return {
      ...body,
      discussionID: row.discussionID,
      categoryID: row.categoryID,
      insertUserID: row.insertUserID,
    };
  }
  const { row, discussion } = await getViewableComment(context, viewer, body.recordID);
  return {
    ...body,
    discussionID: discussion.discussionID,
    categoryID: discussion.categoryID,
    insertUserID: row.insertUserID,
  };
}

/** The open report item of a post, created (and announced to moderators) when there is none. */
async function openReportItem(trx: DbOrTx, context: AppContext, post: ReportedPost): Promise<number> {
  const open = await trx
    .selectFrom("moderationItems")
    .select("itemID")
    .where("recordType", "=", post.recordType)
    .where("recordID", "=", post.recordID)
    .where("itemType", "=", "report")
    .where("status", "in", [...OPEN_STATUSES])
    .executeTakeFirst();
  if (open) return open.itemID;
  const { itemID } = await trx
    .insertInto("moderationItems")
    .values({
      itemType: "report",
      recordType: post.recordType,
      recordID: post.recordID,
      discussionID: post.discussionID,
      categoryID: post.categoryID,
      recordUserID: post.insertUserID,
      spamScore: null,
      dateInserted: nowIso(),
      dateUpdated: null,
      actionUserID: null,
      dateActioned: null,
    })
    .returning("itemID")
    .executeTakeFirstOrThrow();
  await enqueueModeratorNotification(context, trx);
  return itemID;
}

function presentReport(row: ReportRow): Report {
  return {
    reportID: row.reportID,
    recordType: row.recordType,
    recordID: row.recordID,
    reason: row.reason as ReportReason,
    note: row.note,
    insertUserID: row.insertUserID,
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  };
}

/**
 * `POST /reports` (session.valid + flag.add, and the post must be visible to the reporter): a member reports a
 * discussion or comment with a reason and a note. A member's second report of the same post updates theirs
 * (and brings it back to the queue if moderators had dealt with the first). The post is locked while the
 * report is written, so two reports at once share one queue item. Own posts cannot be reported (400).
 */
export async function submitReport(
  context: AppContext,
  viewer: Viewer,
  body: ReportPost,
): Promise<{ report: Report; created: boolean }> {
  viewer.require("session.valid");
  viewer.require("flag.add");
  const post = await reportedPost(context, viewer, body);
  if (post.insertUserID === viewer.userID) throw new ClientError(CANNOT_REPORT_OWN_POST);
  const note = (body.note ?? "").trim();
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const locked =
      post.recordType === "discussion"
        ? await lockDiscussion(trx, context.dialect, post.recordID)
        : (await lockComments(trx, context.dialect, [post.recordID])).get(post.recordID);
    if (!locked) throw new NotFoundError(post.recordType === "discussion" ? "Discussion" : "Comment");
    const itemID = await openReportItem(trx, context, post);
    const now = nowIso();
    const existing = await trx
      .selectFrom("reports")
      .select("reportID")
      .where("recordType", "=", post.recordType)
      .where("recordID", "=", post.recordID)
      .where("insertUserID", "=", viewer.userID)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable("reports")
        .set({ itemID, reason: body.reason, note, dateUpdated: now })
        .where("reportID", "=", existing.reportID)
        .execute();
    } else {
      await trx
        .insertInto("reports")
        .values({
          itemID,
          recordType: post.recordType,
          recordID: post.recordID,
          insertUserID: viewer.userID,
          reason: body.reason,
          note,
          dateInserted: now,
          dateUpdated: null,
        })
        .execute();
    }
    const row = await trx
      .selectFrom("reports")
      .selectAll()
      .where("recordType", "=", post.recordType)
      .where("recordID", "=", post.recordID)
      .where("insertUserID", "=", viewer.userID)
      .executeTakeFirstOrThrow();
    return { report: presentReport(row), created: !existing };
  });
}
