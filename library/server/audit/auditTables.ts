import type { Generated } from "kysely";

export interface AuditLogTable {
  auditLogID: Generated<number>;
  /** `<record>.<action>` from the route, e.g. `discussions.patch`, `roles.delete`. */
  eventType: string;
  method: string;
  /** The route pattern, e.g. `/api/v2/discussions/:id`. */
  path: string;
  recordType: string | null;
  recordID: number | null;
  userID: number;
  ipAddress: string | null;
  status: number;
  /** The `X-Parent-Audit-Log-*` context the page sent with the call (API.md 1.2). */
  parentAuditLogID: string | null;
  requestPath: string | null;
  requestMethod: string | null;
  /** JSON. */
  requestQuery: string | null;
  dateInserted: string;
  /** The record's name when the write happened (a discussion's title, a member's name). */
  recordName: string | null;
  /** JSON `AuditChange[]`: the fields the write changed, before and after. */
  changes: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    auditLog: AuditLogTable;
  }
}
