import type { Generated } from "kysely";

/** A member's draft (API.md 14); `attributes` is JSON text, `draftStatus` 0 draft, 1 scheduled, 2 error. */
export interface DraftTable {
  draftID: Generated<number>;
  recordType: string;
  recordID: number | null;
  parentRecordType: string | null;
  parentRecordID: number | null;
  attributes: string;
  draftStatus: number;
  dateScheduled: string | null;
  failedReason: string | null;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    drafts: DraftTable;
  }
}
