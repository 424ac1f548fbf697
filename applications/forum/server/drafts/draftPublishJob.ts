import type { AppContext } from "@library/server/app/appContext";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import type { Database } from "@library/server/db/database";
import { HttpError } from "@library/server/errors/httpErrors";
import { isBodyFormat } from "@library/server/formats/renderBody";
import { nowIso } from "@library/server/http/dates";
import type { Transaction } from "kysely";
import { createComment } from "../comments/commentCreate";
import { createDiscussion } from "../discussions/discussionCreate";
import { patchDiscussion } from "../discussions/discussionPatch";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { scheduledEditPatch } from "./draftRecordEdits";
import { lockDraftRow, type DraftRow } from "./draftRows";
import { DRAFT_STATUS_CODES } from "./draftRules";
import { parseAttributes } from "./draftsPresenter";
import {
  PUBLISH_SCHEDULED_DRAFT,
  removePublishJobs,
  scheduleKey,
  type PublishDraftPayload,
} from "./draftScheduleJobs";

export { PUBLISH_SCHEDULED_DRAFT, removePublishJobs, scheduleKey, type PublishDraftPayload };

/** Thrown inside the publishing transaction when the draft is no longer due (rolled back, nothing posted). */
class NotDueError extends Error {}

function isDue(row: DraftRow | undefined, payload: PublishDraftPayload): row is DraftRow {
  return row?.draftStatus === DRAFT_STATUS_CODES.scheduled && row.dateScheduled === payload.dateScheduled;
}

/**
 * Publishes one scheduled draft: a new post, or (with `recordID`) the edit of a discussion. The write and the
 * draft's removal commit together, after re-reading the draft locked, so it is applied once however many
 * processes run the job.
 */
async function publishDraft(context: AppContext, payload: PublishDraftPayload): Promise<void> {
  const row = await context.db
    .selectFrom("drafts")
    .selectAll()
    .where("draftID", "=", payload.draftID)
    .executeTakeFirst();
  if (!isDue(row, payload)) return;
  const removeDraft = async (trx: Transaction<Database>) => {
    if (!isDue(await lockDraftRow(trx, context.dialect, payload.draftID), payload)) throw new NotDueError();
    await trx.deleteFrom("drafts").where("draftID", "=", payload.draftID).execute();
  };
  try {
    const viewer = await viewerForUser(context, row.insertUserID);
    if (!viewer) throw new HttpError(404, "The author of this draft no longer exists.");
    const attributes = parseAttributes(row.attributes);
    const meta = (attributes.draftMeta ?? {}) as Record<string, unknown>;
    const format = typeof attributes.format === "string" ? attributes.format : "rich2";
    if (!isBodyFormat(format)) throw new HttpError(422, `Unknown format ${format}.`);
    const body = typeof attributes.body === "string" ? attributes.body : "";
    if (row.recordID !== null && row.recordType === "discussion") {
      // A scheduled edit: PATCH as its author, under the edit rules of the moment it applies.
      const { row: discussion } = await getViewableDiscussion(context, viewer, row.recordID);
      const patch = scheduledEditPatch(context, viewer, attributes, discussion.categoryID);
      await patchDiscussion(context, viewer, row.recordID, patch, removeDraft);
    } else if (row.recordID !== null) {
      throw new HttpError(400, "Scheduled updates of existing comments are not supported.");
    } else if (row.recordType === "discussion") {
      const name =
        typeof meta.name === "string"
          ? meta.name
          : typeof attributes.name === "string"
            ? attributes.name
            : "";
      const pinned =
        meta.pinned === true && (meta.pinLocation === "category" || meta.pinLocation === "recent");
      await createDiscussion(
        context,
        viewer,
        {
          name,
          body,
          format,
          categoryID: Number(meta.categoryID ?? row.parentRecordID ?? 0),
          ...(typeof meta.postTypeID === "string" ? { type: meta.postTypeID } : {}),
          ...(pinned ? { pinned: true, pinLocation: meta.pinLocation as "category" | "recent" } : {}),
        },
        removeDraft,
      );
    } else if (row.recordType === "comment") {
      const parentCommentID = typeof meta.commentParentID === "number" ? meta.commentParentID : undefined;
      await createComment(
        context,
        viewer,
        {
          discussionID: row.parentRecordID ?? 0,
          body,
          format,
          ...(parentCommentID ? { parentCommentID } : {}),
        },
        removeDraft,
      );
    } else {
      throw new HttpError(400, `Drafts of type ${row.recordType} cannot be published.`);
    }
  } catch (error) {
    if (error instanceof NotDueError) return;
    if (!(error instanceof HttpError)) throw error;
    // A refusal that will not change by retrying: the member sees it on the draft.
    const reason = error.extra.errors?.map((item) => item.message).join(" ") || error.message;
    await context.db
      .updateTable("drafts")
      .set({
        draftStatus: DRAFT_STATUS_CODES.error,
        failedReason: reason.slice(0, 1000),
        dateUpdated: nowIso(),
      })
      .where("draftID", "=", payload.draftID)
      .where("draftStatus", "=", DRAFT_STATUS_CODES.scheduled)
      .where("dateScheduled", "=", payload.dateScheduled)
      .execute();
  }
}

export function defineDraftJobs(context: AppContext): void {
  context.jobs.define<PublishDraftPayload>(
    PUBLISH_SCHEDULED_DRAFT,
    (payload) => publishDraft(context, payload),
    {
      owner: "forum",
    },
  );
}
