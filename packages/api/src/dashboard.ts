import { Type, type Static } from "@sinclair/typebox";
import { Nullable } from "./common";
import { JOB_STATUS_NAMES, type JobStatusName } from "./jobStatuses";

/** A section of the admin dashboard, contributed by an application or add-on (visible to this viewer). */
export const DashboardSectionSchema = Type.Object({
  key: Type.String(),
  /** Path under /dashboard, e.g. `addons`. */
  path: Type.String(),
  label: Type.String(),
  /** Navigation group heading. */
  group: Type.String(),
  /** Registered client component that renders the section. */
  component: Type.String(),
});
export type DashboardSection = Static<typeof DashboardSectionSchema>;

/** What the dashboard page embeds (`<script id="dashboard-bootstrap">`). */
export interface DashboardBootstrap {
  sections: DashboardSection[];
  version: string;
  dialect: string;
}

export const PagingQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});

export const MailOutboxItemSchema = Type.Object({
  mailID: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  bodyText: Type.String(),
  dateInserted: Type.String(),
  dateSent: Nullable(Type.String()),
  error: Nullable(Type.String()),
  /** One-click unsubscribe address sent as `List-Unsubscribe` (notification mail), else null. */
  unsubscribeUrl: Nullable(Type.String()),
});
export type MailOutboxItem = Static<typeof MailOutboxItemSchema>;

export { JOB_STATUS_NAMES, type JobStatusName };
export const JobStatusSchema = Type.Union(JOB_STATUS_NAMES.map((status) => Type.Literal(status)));

export const JobSchema = Type.Object({
  jobID: Type.Integer(),
  name: Type.String(),
  owner: Type.String(),
  status: JobStatusSchema,
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  runAt: Type.String(),
  lastError: Nullable(Type.String()),
  dateInserted: Type.String(),
  dateCompleted: Nullable(Type.String()),
});
export type Job = Static<typeof JobSchema>;

export const JobListQuerySchema = Type.Composite([
  PagingQuerySchema,
  Type.Object({ status: Type.Optional(JobStatusSchema) }),
]);

export const JobCountsSchema = Type.Record(Type.String(), Type.Integer());
export type JobCounts = Record<JobStatusName, number>;

export const AuditLogEntrySchema = Type.Object({
  auditLogID: Type.Integer(),
  eventType: Type.String(),
  method: Type.String(),
  path: Type.String(),
  recordType: Nullable(Type.String()),
  recordID: Nullable(Type.Integer()),
  userID: Type.Integer(),
  userName: Nullable(Type.String()),
  ipAddress: Nullable(Type.String()),
  status: Type.Integer(),
  parentAuditLogID: Nullable(Type.String()),
  /** The page the write came from (the `X-Parent-Audit-Log-Request-Path` the client sent). */
  requestPath: Nullable(Type.String()),
  dateInserted: Type.String(),
  /** The record's name when it was written (a discussion's title, a member's name). */
  recordName: Nullable(Type.String()),
  /** The fields the write changed: setting names with old and new values, a member's roles as lists. */
  changes: Type.Array(
    Type.Object({ field: Type.String(), before: Nullable(Type.String()), after: Nullable(Type.String()) }),
  ),
});
export type AuditLogEntry = Static<typeof AuditLogEntrySchema>;

export const AuditLogQuerySchema = Type.Composite([
  PagingQuerySchema,
  Type.Object({
    userID: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Who did it, by member name. */
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    eventType: Type.Optional(Type.String({ maxLength: 200 })),
    recordType: Type.Optional(Type.String({ maxLength: 50 })),
    /** Entries of this day (UTC) and later. */
    dateFrom: Type.Optional(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" })),
    /** Entries of this day (UTC) and earlier. */
    dateTo: Type.Optional(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" })),
  }),
]);

/** One day of the site's activity (dates in UTC). */
export const ActivityDaySchema = Type.Object({
  date: Type.String(),
  discussions: Type.Integer(),
  comments: Type.Integer(),
  members: Type.Integer(),
  /** Pages served that day (counted in batches; the current second's views may not be in yet). */
  pageViews: Type.Integer(),
});
export type ActivityDay = Static<typeof ActivityDaySchema>;

export const ACTIVITY_MAX_DAYS = 365;

export const ActivityQuerySchema = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: ACTIVITY_MAX_DAYS, default: 30 })),
});

/** `GET /dashboard/health`: what an administrator checks first (disk of the data directory, last backup). */
export const SiteHealthSchema = Type.Object({
  diskFreeBytes: Nullable(Type.Integer()),
  diskTotalBytes: Nullable(Type.Integer()),
  lastBackup: Nullable(Type.Object({ fileName: Type.String(), dateInserted: Type.String() })),
});
export type SiteHealth = Static<typeof SiteHealthSchema>;
