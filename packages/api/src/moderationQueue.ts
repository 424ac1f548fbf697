import { Type, type Static } from "@sinclair/typebox";
import { DateTime, Nullable } from "./common";
import { REPORT_REASONS, REPORTABLE_RECORD_TYPES } from "./reports";
import { StringEnum, UserFragmentSchema } from "./users";

/** What put a post in the moderation queue: members' reports, pre-moderation, or the spam score. */
export const MODERATION_ITEM_TYPES = ["report", "premoderation", "spam"] as const;
export type ModerationItemType = (typeof MODERATION_ITEM_TYPES)[number];

/** `pending` and `escalated` are open; the others are how a moderator handled the item. */
export const MODERATION_STATUSES = ["pending", "escalated", "approved", "rejected", "deleted"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Why a new post was held (one or more). */
export const HOLD_REASONS = ["category", "newMember", "spam"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** What the spam score looks at; each held post lists the ones that added to its score (SpamReason). */
export const SPAM_SIGNALS = [
  "links",
  "hiddenLinks",
  "shouting",
  "repeatedText",
  "spamPhrases",
  "ownCopies",
  "othersCopies",
  "newAccount",
  "postingSpeed",
] as const;
export type SpamSignalName = (typeof SPAM_SIGNALS)[number];

/** One reason a post scored: the signal, how many times it was seen (1 for yes/no signals), its points. */
export const SpamReasonSchema = Type.Object({
  signal: StringEnum(SPAM_SIGNALS),
  count: Type.Integer({ minimum: 0 }),
  points: Type.Integer({ minimum: 0 }),
});
export type SpamReason = Static<typeof SpamReasonSchema>;

/**
 * The queue's status filter: `none` (SPEC 1's `statuses=none`: nothing decided yet, i.e. pending or
 * escalated), `escalated`, `resolved` (approved, rejected or deleted) or `all`.
 */
export const QUEUE_STATUS_FILTERS = ["none", "escalated", "resolved", "all"] as const;
export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];

/**
 * What a moderator does with an item. approve: a held post is published (a reported one stays, its reports
 * dismissed); reject: a held post is declined (it stays unpublished), a reported one is taken down (deleted,
 * restorable); delete: the post is deleted (restorable from the change log); escalate: kept open, marked for
 * senior staff.
 */
export const MODERATION_ACTIONS = ["approve", "reject", "delete", "escalate"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const ReportReasonCountSchema = Type.Object({
  reason: StringEnum(REPORT_REASONS),
  count: Type.Integer(),
});

export const QueueReportSchema = Type.Object({
  reportID: Type.Integer(),
  reason: StringEnum(REPORT_REASONS),
  note: Type.String(),
  insertUser: UserFragmentSchema,
  dateInserted: DateTime,
});
export type QueueReport = Static<typeof QueueReportSchema>;

/** One queue item: a post (with its text as readers would see it) and why it is here. */
export const ModerationItemSchema = Type.Object({
  itemID: Type.Integer(),
  itemType: StringEnum(MODERATION_ITEM_TYPES),
  status: StringEnum(MODERATION_STATUSES),
  recordType: StringEnum(REPORTABLE_RECORD_TYPES),
  recordID: Type.Integer(),
  discussionID: Type.Integer(),
  categoryID: Type.Integer(),
  /** The discussion's title (a comment's discussion's). */
  recordName: Type.String(),
  bodyHtml: Type.String(),
  /** Where the post is read; null while it is held or after it was deleted. */
  url: Nullable(Type.String()),
  recordUser: UserFragmentSchema,
  dateRecordInserted: DateTime,
  dateInserted: DateTime,
  holdReasons: Type.Array(StringEnum(HOLD_REASONS)),
  spamScore: Nullable(Type.Integer()),
  /** What made up the spam score (empty when it was not computed or added nothing). */
  spamReasons: Type.Array(SpamReasonSchema),
  countReports: Type.Integer(),
  reasons: Type.Array(ReportReasonCountSchema),
  reports: Type.Array(QueueReportSchema),
  actionUser: Type.Optional(UserFragmentSchema),
  dateActioned: Type.Optional(DateTime),
});
export type ModerationItem = Static<typeof ModerationItemSchema>;

/** `GET /moderation/items` (moderators). */
export const ModerationQueueQuerySchema = Type.Object({
  statuses: Type.Optional(StringEnum(QUEUE_STATUS_FILTERS)),
  itemType: Type.Optional(StringEnum(MODERATION_ITEM_TYPES)),
  recordType: Type.Optional(StringEnum(REPORTABLE_RECORD_TYPES)),
  recordID: Type.Optional(Type.Integer({ minimum: 1 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ModerationQueueQuery = Static<typeof ModerationQueueQuerySchema>;

export const ModerationItemParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ModerationActionParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  action: StringEnum(MODERATION_ACTIONS),
});

/** `POST /moderation/items/bulk`: one action on up to 100 items. */
export const ModerationBulkSchema = Type.Object({
  itemIDs: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100, uniqueItems: true }),
  action: StringEnum(["approve", "reject", "delete"] as const),
});
export type ModerationBulk = Static<typeof ModerationBulkSchema>;

/** The bulk answer, shaped like the long runner's progress (API.md 2.9). */
export const ModerationBulkResultSchema = Type.Object({
  successIDs: Type.Array(Type.Integer()),
  failedIDs: Type.Array(Type.Integer()),
  exceptionsByID: Type.Record(Type.String(), Type.Object({ message: Type.String(), code: Type.Integer() })),
});
export type ModerationBulkResult = Static<typeof ModerationBulkResultSchema>;

/** `GET /moderation/counts`: open items by type, for the queue's tabs. */
export const ModerationCountsSchema = Type.Object({
  report: Type.Integer(),
  premoderation: Type.Integer(),
  spam: Type.Integer(),
  escalated: Type.Integer(),
});
export type ModerationCounts = Static<typeof ModerationCountsSchema>;

/** API.md 7.5 DECISION: a held post answers 202 with this message (plus where its author can see it). */
export const HELD_POST_MESSAGE = "Your post will appear after it is approved.";
export const HeldPostResponseSchema = Type.Object({
  message: Type.String(),
  status: Type.Literal(202),
  recordType: StringEnum(REPORTABLE_RECORD_TYPES),
  recordID: Type.Integer(),
  /** The author's page of posts awaiting approval. */
  url: Type.String(),
});
export type HeldPostResponse = Static<typeof HeldPostResponseSchema>;
