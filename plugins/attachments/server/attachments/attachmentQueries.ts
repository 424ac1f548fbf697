import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Selectable } from "kysely";
import type { Attachment, AttachmentMetadata, AttachmentRecordType } from "../../api/attachmentsApi";
import { attachmentIntegrations, type AttachmentIntegration } from "../integrations/attachmentIntegrations";
import type { AttachmentTable } from "../tables";

export type AttachmentRow = Selectable<AttachmentTable>;

function parseMetadata(text: string): AttachmentMetadata[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as AttachmentMetadata[]) : [];
  } catch {
    return [];
  }
}

/** A row in the shape of API.md 24. */
export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    attachmentID: row.attachmentID,
    recordType: row.recordType === "comment" ? "comment" : "discussion",
    recordID: row.recordID,
    type: row.type,
    source: row.source,
    sourceID: row.sourceID,
    sourceUrl: row.sourceUrl,
    status: row.status,
    foreignUserID: row.foreignUserID,
    insertUserID: row.insertUserID,
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
    lastModifiedDate: row.lastModifiedDate,
    updateUserID: row.updateUserID,
    metadata: parseMetadata(row.metadata),
  };
}

export function getAttachmentRow(db: DbOrTx, attachmentID: number): Promise<AttachmentRow | undefined> {
  return db.selectFrom("attachments").selectAll().where("attachmentID", "=", attachmentID).executeTakeFirst();
}

/**
 * The integration of a row the viewer may read: undefined when they lack its permission, or when no running
 * add-on handles its type (logged, SPEC 8: a missing integration is never an error a reader sees).
 */
export function readableIntegration(
  context: AppContext,
  viewer: Viewer,
  row: Pick<AttachmentRow, "attachmentID" | "type">,
): AttachmentIntegration | undefined {
  const integration = attachmentIntegrations(context).get(row.type);
  if (!integration) {
    context.log.warn(
      { attachmentID: row.attachmentID, attachmentType: row.type },
      "No integration handles this attachment type.",
    );
    return undefined;
  }
  return !viewer.isGuest && viewer.has(integration.permission) ? integration : undefined;
}

/** The attachments of one record the viewer may read, oldest first. */
export async function listAttachments(
  context: AppContext,
  viewer: Viewer,
  recordType: AttachmentRecordType,
  recordID: number,
): Promise<Attachment[]> {
  const rows = await context.db
    .selectFrom("attachments")
    .selectAll()
    .where("recordType", "=", recordType)
    .where("recordID", "=", recordID)
    .orderBy("attachmentID")
    .execute();
  return rows.filter((row) => readableIntegration(context, viewer, row)).map(presentAttachment);
}

/** Writes what an integration learnt from its service (the job's answer, a refresh). */
export async function updateAttachment(
  db: DbOrTx,
  attachmentID: number,
  update: {
    status: string;
    sourceID?: string | null;
    sourceUrl?: string | null;
    metadata?: AttachmentMetadata[];
    updateUserID?: number | null;
  },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable("attachments")
    .set({
      status: update.status,
      ...(update.sourceID !== undefined && { sourceID: update.sourceID }),
      ...(update.sourceUrl !== undefined && { sourceUrl: update.sourceUrl }),
      ...(update.metadata !== undefined && { metadata: JSON.stringify(update.metadata) }),
      ...(update.updateUserID !== undefined && { updateUserID: update.updateUserID }),
      dateUpdated: now,
      lastModifiedDate: now,
    })
    .where("attachmentID", "=", attachmentID)
    .execute();
}
