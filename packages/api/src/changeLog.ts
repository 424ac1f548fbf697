import { Type, type Static } from "@sinclair/typebox";
import { DateTime } from "./common";
import { StringEnum, UserFragmentSchema } from "./users";

export const CHANGE_OPERATIONS = ["delete", "edit"] as const;
export const CHANGE_RECORD_TYPES = ["discussion", "comment"] as const;

/** A record's text as the change log keeps it (a comment has no name). */
export const ChangeLogRecordSchema = Type.Object({
  name: Type.Optional(Type.String()),
  body: Type.String(),
  format: Type.String(),
  bodyHtml: Type.String(),
});
export type ChangeLogRecord = Static<typeof ChangeLogRecordSchema>;

/**
 * One deletion or edit of a discussion or comment (`GET /log`, moderators). `before` is the record before the
 * change; for an edit, `after` is the next revision (or the record as it is now).
 */
export const ChangeLogEntrySchema = Type.Object({
  logID: Type.Integer(),
  operation: StringEnum(CHANGE_OPERATIONS),
  recordType: StringEnum(CHANGE_RECORD_TYPES),
  recordID: Type.Integer(),
  parentRecordID: Type.Optional(Type.Integer()),
  recordName: Type.String(),
  before: ChangeLogRecordSchema,
  after: Type.Optional(ChangeLogRecordSchema),
  recordUser: UserFragmentSchema,
  insertUser: UserFragmentSchema,
  dateInserted: DateTime,
  dateRestored: Type.Optional(DateTime),
  restoreUser: Type.Optional(UserFragmentSchema),
  /** Whether `POST /log/{id}/restore` applies: a deletion not yet restored, or an edit's earlier revision. */
  restorable: Type.Boolean(),
});
export type ChangeLogEntry = Static<typeof ChangeLogEntrySchema>;

/** `GET /log`: one record's history (`recordID`) or a discussion's deleted comments (`parentRecordID`). */
export const ChangeLogQuerySchema = Type.Object({
  recordType: StringEnum(CHANGE_RECORD_TYPES),
  recordID: Type.Optional(Type.Integer({ minimum: 1 })),
  parentRecordID: Type.Optional(Type.Integer({ minimum: 1 })),
  operation: Type.Optional(StringEnum(CHANGE_OPERATIONS)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ChangeLogQuery = Static<typeof ChangeLogQuerySchema>;

export const ChangeLogIDParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Props of the `/log/filter` page's `ChangeLogList` widget. */
export interface ChangeLogListProps {
  entries: ChangeLogEntry[];
  /** `history`: a discussion's revisions; `deletedComments`: a discussion's deleted comments. */
  mode: "history" | "deletedComments";
  /** The discussion the page is about, for the back link. */
  discussion: { discussionID: number; name: string; url: string } | null;
}

declare module "./widgetProps" {
  interface WidgetPropsMap {
    ChangeLogList: ChangeLogListProps;
  }
}
