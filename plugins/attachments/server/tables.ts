import type { Generated } from "kysely";

/** One record of another service (a ticket, an issue) attached to a discussion or comment. */
export interface AttachmentTable {
  attachmentID: Generated<number>;
  recordType: string;
  recordID: number;
  /** The integration's attachment type. */
  type: string;
  /** The add-on that made it. */
  source: string;
  /** The other service's id, once it answered; null while it is being made. */
  sourceID: string | null;
  sourceUrl: string | null;
  status: string;
  /** The member the other service's record is about (the post's author). */
  foreignUserID: number;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
  updateUserID: number | null;
  /** When the other service was last asked about it. */
  lastModifiedDate: string | null;
  /** JSON array of `{labelCode, value, url?}`. */
  metadata: string;
  /** The fields the member sent with the form, as JSON (what the integration sends on). */
  fields: string;
}

declare module "@library/server/db/database" {
  interface Database {
    attachments: AttachmentTable;
  }
}
