import { Type, type Static } from "@sinclair/typebox";
import { DateTime, Nullable } from "./common";
import { StringEnum, UserFragmentSchema } from "./users";

/**
 * Why a member reports a post. SPEC and API.md give no list, so these are ours; the client shows them as
 * 'Spam', 'Abuse', 'Inappropriate', 'Off-topic' and 'Other' (`reportMeta.reportReasonIDs` holds these ids).
 */
export const REPORT_REASONS = ["spam", "abuse", "inappropriate", "offTopic", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORTABLE_RECORD_TYPES = ["discussion", "comment"] as const;
export type ReportableRecordType = (typeof REPORTABLE_RECORD_TYPES)[number];

export const REPORT_NOTE_MAX_LENGTH = 500;

/** `POST /reports` (flag.add): a member reports a discussion or comment; reporting it again updates the report. */
export const ReportPostSchema = Type.Object({
  recordType: StringEnum(REPORTABLE_RECORD_TYPES),
  recordID: Type.Integer({ minimum: 1 }),
  reason: StringEnum(REPORT_REASONS),
  note: Type.Optional(Type.String({ maxLength: REPORT_NOTE_MAX_LENGTH })),
});
export type ReportPost = Static<typeof ReportPostSchema>;

/** One member's report of one post (`POST /reports` answers 201 when new, 200 when it updated theirs). */
export const ReportSchema = Type.Object({
  reportID: Type.Integer(),
  recordType: StringEnum(REPORTABLE_RECORD_TYPES),
  recordID: Type.Integer(),
  reason: StringEnum(REPORT_REASONS),
  note: Type.String(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
});
export type Report = Static<typeof ReportSchema>;

/**
 * API.md 2.10 ReportMeta: the open (not yet handled) reports of a post, on comments and discussions for
 * viewers who moderate it (posts.moderate in its category, or community.moderate).
 */
export const ReportMetaSchema = Type.Object({
  countReports: Type.Integer({ minimum: 0 }),
  countReportUsers: Type.Integer({ minimum: 0 }),
  dateLastReport: Type.Optional(DateTime),
  reportReasonIDs: Type.Array(Type.String()),
  reportUserIDs: Type.Array(Type.Integer()),
  reportUsers: Type.Array(UserFragmentSchema),
});
export type ReportMeta = Static<typeof ReportMetaSchema>;

/** The report controls of one post (`PostActions.report`), decided on the server. */
export interface PostReportProps {
  /** 'Report' is offered: flag.add, signed in, not the viewer's own post. */
  canReport: boolean;
  /** `featureFlags.escalations.Enabled`: the report-content icon button instead of the text button. */
  iconButton: boolean;
  /** Moderators of the post: its open reports, linked to the queue (a new tab) when there are any. */
  countReports?: number;
  reportsUrl?: string;
}
