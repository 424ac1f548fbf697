import type { Generated } from "kysely";

export type ChangeOperation = "delete" | "edit";
export type ChangeRecordType = "discussion" | "comment";

/** One deletion or edit of a discussion or comment, with the record as it was before (JSON). */
export interface ChangeLogTable {
  logID: Generated<number>;
  operation: ChangeOperation;
  recordType: ChangeRecordType;
  recordID: number;
  /** A comment's discussion; null for a discussion. */
  parentRecordID: number | null;
  /** The discussion's title (for a comment, its discussion's). */
  recordName: string;
  data: string;
  /** The record's author. */
  recordUserID: number;
  /** Who deleted or edited it. */
  insertUserID: number;
  dateInserted: string;
  restoreUserID: number | null;
  dateRestored: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    changeLog: ChangeLogTable;
  }
}
