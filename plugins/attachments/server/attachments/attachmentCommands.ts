import type { AppContext } from "@library/server/app/appContext";
import {
  ClientError,
  ForbiddenError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import type { Viewer } from "@library/server/permissions/viewer";
import type { ValidationErrorItem } from "@forum/api/common";
import {
  MAX_REFRESH_IDS,
  type Attachment,
  type AttachmentForm,
  type AttachmentPost,
  type AttachmentRecordType,
  type AttachmentRefresh,
  type Catalog,
  type WriteableContentScope,
} from "../../api/attachmentsApi";
import {
  AttachmentServiceError,
  attachmentIntegrations,
  type AttachmentIntegration,
  type AttachmentRecord,
} from "../integrations/attachmentIntegrations";
import {
  getAttachmentRow,
  presentAttachment,
  readableIntegration,
  updateAttachment,
  type AttachmentRow,
} from "./attachmentQueries";
import { recordOwner, viewableRecord } from "./attachmentRecords";

/** Whether a scope lets this member write on a post by `authorID` (anything but all/own writes nothing). */
export function scopeAllows(scope: WriteableContentScope, viewer: Viewer, authorID: number): boolean {
  return scope === "all" || (scope === "own" && authorID === viewer.userID);
}

/** Whether the viewer may attach with this integration to a post by `authorID` (the options menu asks). */
export function canWriteWith(
  context: AppContext,
  viewer: Viewer,
  integration: AttachmentIntegration,
  authorID: number,
): boolean {
  return (
    !viewer.isGuest &&
    viewer.has(integration.permission) &&
    integration.isConfigured(context) &&
    scopeAllows(integration.writeableContentScope(context), viewer, authorID)
  );
}

/** `GET /attachments/catalog`: the integrations the viewer may read, keyed by type. */
export function attachmentCatalog(context: AppContext, viewer: Viewer, t: Translate): Catalog {
  viewer.require("session.valid");
  const catalog: Catalog = {};
  for (const integration of attachmentIntegrations(context).list()) {
    if (!viewer.has(integration.permission) || !integration.isConfigured(context)) continue;
    catalog[integration.attachmentType] = {
      ...integration.catalog(t),
      attachmentType: integration.attachmentType,
      recordTypes: integration.recordTypes,
      writeableContentScope: integration.writeableContentScope(context),
    };
  }
  return catalog;
}

/** The integration of a write: 404 without one, 422 for a record type it does not take, 400 unset up. */
function writingIntegration(
  context: AppContext,
  viewer: Viewer,
  attachmentType: string,
  recordType: AttachmentRecordType,
  t: Translate,
): AttachmentIntegration {
  viewer.require("session.valid");
  const integration = attachmentIntegrations(context).get(attachmentType);
  if (!integration) throw new NotFoundError("Integration");
  if (!viewer.has(integration.permission)) throw new PermissionError([integration.permission]);
  if (!integration.recordTypes.includes(recordType))
    throw new ValidationError([
      {
        field: "recordType",
        code: "invalid",
        message: t("This integration does not attach to that kind of post."),
      },
    ]);
  if (!integration.isConfigured(context)) throw new ClientError(t("This integration is not set up yet."));
  return integration;
}

function requireScope(
  context: AppContext,
  viewer: Viewer,
  integration: AttachmentIntegration,
  authorID: number,
  t: Translate,
): void {
  const scope = integration.writeableContentScope(context);
  if (!scopeAllows(scope, viewer, authorID))
    throw new ForbiddenError(
      "Permission Problem",
      scope === "own" ? t("You may only do this on your own posts.") : t("Nobody may do this here."),
    );
}

/** `GET /attachments/schema`: the integration's form for one post the viewer may write on. */
export async function attachmentFormFor(
  context: AppContext,
  viewer: Viewer,
  query: { attachmentType: string; recordType: AttachmentRecordType; recordID: number },
  origin: string,
  t: Translate,
): Promise<AttachmentForm> {
  const integration = writingIntegration(context, viewer, query.attachmentType, query.recordType, t);
  const record = await viewableRecord(context, viewer, query.recordType, query.recordID, origin);
  requireScope(context, viewer, integration, record.insertUserID, t);
  return integration.form(record, t);
}

/** The form's fields from a body: strings checked against the form (required, lengths, choices), defaults filled. */
function formFields(
  form: AttachmentForm,
  body: Record<string, unknown>,
  t: Translate,
): Record<string, string> {
  const errors: ValidationErrorItem[] = [];
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(form.properties)) {
    // A field left out takes the form's default (the post's own values); one sent empty stays empty.
    const raw = body[name] === undefined ? field.default : body[name];
    if (raw !== undefined && raw !== null && typeof raw !== "string") {
      errors.push({ field: name, code: "type", message: t("This field must be text.") });
      continue;
    }
    const value = (raw ?? "").trim();
    if (value === "") {
      if (form.required.includes(name))
        errors.push({ field: name, code: "missingField", message: t("This field is required.") });
      continue;
    }
    if (field.maxLength !== undefined && value.length > field.maxLength)
      errors.push({ field: name, code: "maxLength", message: t("This text is too long.") });
    else if (field.enum && !field.enum.includes(value))
      errors.push({ field: name, code: "enum", message: t("Choose one of the options.") });
    else fields[name] = value;
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return fields;
}

/**
 * `POST /attachments`: checks the integration, the post and the form, then writes the attachment (`pending`)
 * and lets the integration queue its work in the same transaction, the author read there too (the scope).
 */
export async function createAttachment(
  context: AppContext,
  viewer: Viewer,
  body: AttachmentPost,
  origin: string,
  t: Translate,
): Promise<{ attachment: Attachment; record: AttachmentRecord }> {
  const integration = writingIntegration(context, viewer, body.attachmentType, body.recordType, t);
  const record = await viewableRecord(context, viewer, body.recordType, body.recordID, origin);
  const fields = formFields(integration.form(record, t), body, t);
  const row = await context.db.transaction().execute(async (trx) => {
    const owner = await recordOwner(trx, body.recordType, body.recordID);
    if (!owner) throw new NotFoundError(body.recordType === "discussion" ? "Discussion" : "Comment");
    requireScope(context, viewer, integration, owner.insertUserID, t);
    const inserted = await trx
      .insertInto("attachments")
      .values({
        recordType: body.recordType,
        recordID: body.recordID,
        type: integration.attachmentType,
        source: integration.attachmentType,
        sourceID: null,
        sourceUrl: null,
        status: "pending",
        foreignUserID: owner.insertUserID,
        insertUserID: viewer.userID,
        dateInserted: new Date().toISOString(),
        dateUpdated: null,
        updateUserID: null,
        lastModifiedDate: null,
        metadata: "[]",
        fields: JSON.stringify(fields),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await integration.created(context, trx, inserted.attachmentID, record, fields);
    return inserted;
  });
  return { attachment: presentAttachment(row), record };
}

function isStale(row: AttachmentRow, integration: AttachmentIntegration): boolean {
  if (!row.lastModifiedDate) return true;
  const freshFor = (integration.staleAfterSeconds ?? 300) * 1000;
  return Date.parse(row.lastModifiedDate) + freshFor <= Date.now();
}

/**
 * `POST /attachments/refresh`: asks each attachment's service again (only the stale ones unless told otherwise)
 * and answers them as they now are; attachments of a missing integration are logged and left out.
 */
export async function refreshAttachments(
  context: AppContext,
  viewer: Viewer,
  body: AttachmentRefresh,
  origin: string,
  t: Translate,
): Promise<{ attachments: Attachment[]; discussionIDs: number[] }> {
  viewer.require("session.valid");
  const ids = [...new Set(body.attachmentIDs)];
  if (ids.length > MAX_REFRESH_IDS) throw new ClientError(t("Refresh at most 10 attachments at a time."));
  const rows: { row: AttachmentRow; integration: AttachmentIntegration; discussionID: number }[] = [];
  for (const attachmentID of ids) {
    const row = await getAttachmentRow(context.db, attachmentID);
    if (!row) throw new NotFoundError("Attachment");
    const recordType = row.recordType === "comment" ? "comment" : "discussion";
    const record = await viewableRecord(context, viewer, recordType, row.recordID, origin);
    const integration = attachmentIntegrations(context).get(row.type);
    if (integration && !viewer.has(integration.permission))
      throw new PermissionError([integration.permission]);
    const readable = readableIntegration(context, viewer, row);
    if (readable) rows.push({ row, integration: readable, discussionID: record.discussionID });
  }
  const out: Attachment[] = [];
  for (const { row, integration } of rows) {
    if (body.onlyStale !== false && !isStale(row, integration)) {
      out.push(presentAttachment(row));
      continue;
    }
    let update;
    try {
      update = await integration.refresh(context, presentAttachment(row), t);
    } catch (error) {
      if (error instanceof AttachmentServiceError) throw new ClientError(error.message);
      throw error;
    }
    if (update)
      await updateAttachment(context.db, row.attachmentID, { ...update, updateUserID: viewer.userID });
    const fresh = await getAttachmentRow(context.db, row.attachmentID);
    out.push(presentAttachment(fresh ?? row));
  }
  return { attachments: out, discussionIDs: [...new Set(rows.map((item) => item.discussionID))] };
}
