import type { Attachment, AttachmentForm, AttachmentRecordType } from "../../api/attachmentsApi";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls for attachments (API.md 24), over the shared `apiv2` instance. */

export interface AttachmentTarget {
  attachmentType: string;
  recordType: AttachmentRecordType;
  recordID: number;
}

export async function getAttachmentForm(target: AttachmentTarget): Promise<AttachmentForm> {
  return (await apiv2.get<AttachmentForm>("attachments/schema", { params: target })).data;
}

export async function postAttachment(
  target: AttachmentTarget,
  fields: Record<string, string>,
): Promise<Attachment> {
  return (await apiv2.post<Attachment>("attachments", { ...fields, ...target })).data;
}

export async function getAttachments(
  recordType: AttachmentRecordType,
  recordID: number,
): Promise<Attachment[]> {
  return (await apiv2.get<Attachment[]>("attachments", { params: { recordType, recordID } })).data;
}

export async function refreshAttachments(attachmentIDs: number[]): Promise<Attachment[]> {
  return (await apiv2.post<Attachment[]>("attachments/refresh", { attachmentIDs, onlyStale: false })).data;
}
