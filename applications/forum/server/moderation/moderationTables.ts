import type { Generated } from "kysely";

/** One post a moderator has to look at: reported, or held (pre-moderation, spam score). */
export interface ModerationItemTable {
  itemID: Generated<number>;
  /** `report`, `premoderation` or `spam` (MODERATION_ITEM_TYPES). */
  itemType: string;
  /** MODERATION_STATUSES; `pending` and `escalated` are open. */
  status: Generated<string>;
  recordType: "discussion" | "comment";
  recordID: number;
  /** The discussion (itself for a discussion). */
  discussionID: number;
  categoryID: number;
  /** The post's author. */
  recordUserID: number;
  /** JSON array of HOLD_REASONS (empty for reports). */
  holdReasons: Generated<string>;
  spamScore: number | null;
  /** JSON array of the SpamReasons that made up `spamScore` (empty when it was not computed). */
  spamReasons: Generated<string>;
  /** 1 once the moderators' notification job has counted it. */
  notified: Generated<number>;
  dateInserted: string;
  dateUpdated: string | null;
  actionUserID: number | null;
  dateActioned: string | null;
}

/** One member's report of one post; `itemID` is the queue item it is part of. */
export interface ReportTable {
  reportID: Generated<number>;
  itemID: number;
  recordType: "discussion" | "comment";
  recordID: number;
  insertUserID: number;
  reason: string;
  note: Generated<string>;
  dateInserted: string;
  dateUpdated: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    moderationItems: ModerationItemTable;
    reports: ReportTable;
  }
}
