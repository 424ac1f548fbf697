import type { Generated } from "kysely";

/**
 * Tables of the notifications core (any application may notify a member). Dates are ISO-8601 UTC text and
 * flags 0/1 integers on both dialects, like the other core tables.
 */
export interface NotificationTable {
  notificationID: Generated<number>;
  /** The member who receives it. */
  userID: number;
  /** `Comment`, `Participated`, `Mention`, `ConversationMessage`… */
  activityType: string;
  recordType: string;
  recordID: number;
  discussionID: number | null;
  /** Who caused it (for the photo and for "never yourself"); null for system notifications. */
  actorUserID: number | null;
  url: string;
  /** HTML with at most `<b>` tags, rendered once at write time. */
  body: string;
  photoUrl: string | null;
  reason: string | null;
  count: number;
  read: number;
  dateInserted: string;
  dateUpdated: string;
  /** What caused it (`comment:12`), unique with `userID`: a job run again notifies nobody twice. */
  sourceKey: string | null;
}

/** One row per member and activity type they changed; absent rows use the defaults (popup on, email off). */
export interface NotificationPreferenceTable {
  userID: number;
  activityType: string;
  popup: number;
  email: number;
}

declare module "../db/database" {
  interface Database {
    notifications: NotificationTable;
    notificationPreferences: NotificationPreferenceTable;
  }
}
