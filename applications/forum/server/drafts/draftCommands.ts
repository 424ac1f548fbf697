import type { DraftAttributes, DraftPatch, DraftPost } from "@forum/api/drafts";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { assertMayDraftEditOf } from "./draftRecordEdits";
import { assertDraftAccess, lockDraftRow, type DraftRow } from "./draftRows";
import { assertSchedulable, DRAFT_STATUS_CODES, serializeAttributes } from "./draftRules";
import { parseAttributes } from "./draftsPresenter";
import { PUBLISH_SCHEDULED_DRAFT, removePublishJobs, scheduleKey } from "./draftScheduleJobs";

const ALREADY_SCHEDULED =
  "An update is already scheduled for this item. Edit or cancel the scheduled update before scheduling another.";

/** One scheduled draft per existing record (API.md 14), checked inside the writing transaction. */
async function assertNoOtherSchedule(
  trx: DbOrTx,
  recordType: string,
  recordID: number | null,
  exceptDraftID: number | null,
): Promise<void> {
  if (recordID === null) return;
  let query = trx
    .selectFrom("drafts")
    .select("draftID")
    .where("recordType", "=", recordType)
    .where("recordID", "=", recordID)
    .where("draftStatus", "=", DRAFT_STATUS_CODES.scheduled);
  if (exceptDraftID !== null) query = query.where("draftID", "<>", exceptDraftID);
  if (await query.executeTakeFirst()) throw ValidationError.field("recordID", ALREADY_SCHEDULED);
}

function checkParent(
  recordType: string,
  parentRecordType: string | null,
  parentRecordID: number | null,
): void {
  if ((parentRecordType === null) !== (parentRecordID === null))
    throw ValidationError.field(
      "parentRecordID",
      "parentRecordType and parentRecordID must be used together.",
      "required",
    );
  if (recordType === "comment" && parentRecordType === null)
    throw ValidationError.field("parentRecordID", "A comment draft needs its discussion.", "required");
}

/**
 * Enqueues the publishing job of a draft scheduled at `dateScheduled`, in the writing transaction; the job of
 * an earlier date goes.
 */
async function enqueuePublish(context: AppContext, trx: DbOrTx, draftID: number, dateScheduled: string) {
  await removePublishJobs(trx, [draftID]);
  await context.jobs.enqueue(
    trx,
    PUBLISH_SCHEDULED_DRAFT,
    { draftID, dateScheduled },
    { runAt: new Date(dateScheduled), uniqueKey: scheduleKey(draftID, dateScheduled) },
  );
}

/** `POST /drafts` (session.valid; schedule.allow to create it scheduled). */
export async function createDraft(context: AppContext, viewer: Viewer, body: DraftPost): Promise<number> {
  viewer.require("session.valid");
  const parentRecordType = body.parentRecordType ?? null;
  const parentRecordID = body.parentRecordID ?? null;
  checkParent(body.recordType, parentRecordType, parentRecordID);
  const attributes = serializeAttributes(body.attributes);
  const status = body.draftStatus ?? "draft";
  if (status === "error") throw ValidationError.field("draftStatus", "A draft cannot be created as error.");
  let dateScheduled: string | null = null;
  if (status === "scheduled") {
    viewer.require("schedule.allow");
    dateScheduled = await assertSchedulable(
      context.settings,
      body.recordType,
      body.attributes,
      body.dateScheduled,
    );
  }
  await assertMayDraftEditOf(context, viewer, body.recordType, body.recordID ?? null);
  const now = nowIso();
  return writeTransaction(context.db, context.dialect, async (trx) => {
    if (status === "scheduled")
      await assertNoOtherSchedule(trx, body.recordType, body.recordID ?? null, null);
    const { draftID } = await trx
      .insertInto("drafts")
      .values({
        recordType: body.recordType,
        recordID: body.recordID ?? null,
        parentRecordType,
        parentRecordID,
        attributes,
        draftStatus: DRAFT_STATUS_CODES[status],
        dateScheduled,
        failedReason: null,
        insertUserID: viewer.userID,
        dateInserted: now,
        updateUserID: viewer.userID,
        dateUpdated: now,
      })
      .returning("draftID")
      .executeTakeFirstOrThrow();
    if (dateScheduled) await enqueuePublish(context, trx, draftID, dateScheduled);
    return draftID;
  });
}

/**
 * `PATCH /drafts/{id}` (owner). Patching a scheduled draft with `draftStatus: "draft"` clears its date; a
 * draft that stays or becomes scheduled is checked again (schedule.allow and API.md 14's rules).
 */
export async function updateDraft(
  context: AppContext,
  viewer: Viewer,
  draftID: number,
  body: DraftPatch,
): Promise<void> {
  viewer.require("session.valid");
  const attributesText = body.attributes ? serializeAttributes(body.attributes) : null;
  if (body.recordID !== undefined || body.recordType !== undefined) {
    // The record the draft will edit, checked before the transaction (the check reads outside it); another
    // member's draft is refused inside it as before.
    const current = await context.db
      .selectFrom("drafts")
      .select(["recordType", "recordID", "insertUserID"])
      .where("draftID", "=", draftID)
      .executeTakeFirst();
    if (current?.insertUserID === viewer.userID)
      await assertMayDraftEditOf(
        context,
        viewer,
        body.recordType ?? current.recordType,
        body.recordID === undefined ? current.recordID : body.recordID,
      );
  }
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = assertDraftAccess(viewer, await lockDraftRow(trx, context.dialect, draftID), "write");
    const recordType = body.recordType ?? row.recordType;
    const recordID = body.recordID === undefined ? row.recordID : body.recordID;
    const parentRecordType =
      body.parentRecordType === undefined ? row.parentRecordType : body.parentRecordType;
    const parentRecordID = body.parentRecordID === undefined ? row.parentRecordID : body.parentRecordID;
    checkParent(recordType, parentRecordType, parentRecordID);
    const currentStatus = row.draftStatus === DRAFT_STATUS_CODES.scheduled ? "scheduled" : "draft";
    const status = body.draftStatus ?? currentStatus;
    if (status === "error") throw ValidationError.field("draftStatus", "A draft cannot be set to error.");
    let dateScheduled: string | null = null;
    if (status === "scheduled") {
      viewer.require("schedule.allow");
      const attributes = (body.attributes ?? parseAttributes(row.attributes)) as DraftAttributes;
      // Editing a scheduled draft keeps its date, however close it is; a new date is checked in full.
      const keepsDate = currentStatus === "scheduled" && body.dateScheduled === undefined;
      dateScheduled = await assertSchedulable(
        context.settings,
        recordType,
        attributes,
        body.dateScheduled ?? row.dateScheduled,
        Date.now(),
        !keepsDate,
      );
      await assertNoOtherSchedule(trx, recordType, recordID, draftID);
    }
    await trx
      .updateTable("drafts")
      .set({
        recordType,
        recordID,
        parentRecordType,
        parentRecordID,
        ...(attributesText === null ? {} : { attributes: attributesText }),
        draftStatus: DRAFT_STATUS_CODES[status],
        dateScheduled,
        failedReason: null,
        updateUserID: viewer.userID,
        dateUpdated: nowIso(),
      })
      .where("draftID", "=", draftID)
      .execute();
    if (dateScheduled && dateScheduled !== row.dateScheduled)
      await enqueuePublish(context, trx, draftID, dateScheduled);
    if (!dateScheduled && row.dateScheduled) await removePublishJobs(trx, [draftID]);
  });
}

/** `PATCH /drafts/schedule/{id}` (schedule.allow + owner): a new date for a scheduled draft. */
export async function rescheduleDraft(
  context: AppContext,
  viewer: Viewer,
  draftID: number,
  dateScheduled: string,
): Promise<void> {
  viewer.require("session.valid");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = assertDraftAccess(viewer, await lockDraftRow(trx, context.dialect, draftID), "write");
    viewer.require("schedule.allow");
    if (row.draftStatus !== DRAFT_STATUS_CODES.scheduled)
      throw new ClientError("The draft is not scheduled.");
    const attributes = parseAttributes(row.attributes) as DraftAttributes;
    const date = await assertSchedulable(context.settings, row.recordType, attributes, dateScheduled);
    await trx
      .updateTable("drafts")
      .set({ dateScheduled: date, updateUserID: viewer.userID, dateUpdated: nowIso() })
      .where("draftID", "=", draftID)
      .execute();
    if (date !== row.dateScheduled) await enqueuePublish(context, trx, draftID, date);
  });
}

/** `PATCH /drafts/cancel-schedule/{id}` (schedule.allow + owner): back to a normal draft. */
export async function cancelDraftSchedule(
  context: AppContext,
  viewer: Viewer,
  draftID: number,
): Promise<void> {
  viewer.require("session.valid");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = assertDraftAccess(viewer, await lockDraftRow(trx, context.dialect, draftID), "write");
    viewer.require("schedule.allow");
    if (row.draftStatus === DRAFT_STATUS_CODES.draft)
      throw new ClientError("The record currently is a draft no changes are needed.");
    await trx
      .updateTable("drafts")
      .set({
        draftStatus: DRAFT_STATUS_CODES.draft,
        dateScheduled: null,
        failedReason: null,
        updateUserID: viewer.userID,
        dateUpdated: nowIso(),
      })
      .where("draftID", "=", draftID)
      .execute();
    await removePublishJobs(trx, [draftID]);
  });
}

/** `DELETE /drafts/{id}` (owner or community.moderate). */
export async function deleteDraft(context: AppContext, viewer: Viewer, draftID: number): Promise<void> {
  viewer.require("session.valid");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row: DraftRow = assertDraftAccess(
      viewer,
      await lockDraftRow(trx, context.dialect, draftID),
      "delete",
    );
    const deleted = await trx.deleteFrom("drafts").where("draftID", "=", row.draftID).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError("Draft");
    await removePublishJobs(trx, [row.draftID]);
  });
}
