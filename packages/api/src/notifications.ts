import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID, Nullable, PageQuery } from "./common";

/** Activity types members get notified about; applications may add more (stored as text). */
export const NOTIFICATION_ACTIVITY_TYPES = [
  "Comment",
  "Participated",
  "Mention",
  "ConversationMessage",
] as const;
export type NotificationActivityType = (typeof NOTIFICATION_ACTIVITY_TYPES)[number];

export const NOTIFICATION_RECORD_TYPES = [
  "discussion",
  "comment",
  "post",
  "user",
  "group",
  "badge",
  "conversation",
] as const;

/** Notification (API.md 13). */
export const NotificationSchema = Type.Object({
  notificationID: ID,
  /** HTML with at most `<b>` tags. */
  body: Type.String(),
  photoUrl: Nullable(Type.String()),
  url: Type.String(),
  /** Navigates to `url` and marks the notification read. */
  readUrl: Type.String(),
  dateInserted: DateTime,
  dateUpdated: DateTime,
  read: Type.Boolean(),
  activityType: Type.String(),
  reason: Type.String(),
  count: Type.Integer(),
  recordType: Type.String(),
  recordID: Type.Integer(),
  discussionID: Type.Optional(Nullable(Type.Integer())),
  discussion: Type.Optional(
    Type.Object({
      discussionID: Type.Integer(),
      name: Type.String(),
      url: Type.String(),
      categoryID: Type.Integer(),
    }),
  ),
});
export type Notification = Static<typeof NotificationSchema>;

export const NOTIFICATIONS_DEFAULT_LIMIT = 30;
export const NOTIFICATIONS_MAX_LIMIT = 100;

export const NotificationListQuerySchema = Type.Object({
  ...PageQuery,
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_MAX_LIMIT, default: NOTIFICATIONS_DEFAULT_LIMIT }),
  ),
  /** true: a discussion's comment notifications with the same read state are one line with `count`. */
  shouldBatch: Type.Optional(Type.Boolean({ default: true })),
  expand: Type.Optional(Type.Array(Type.Union([Type.Literal("discussion"), Type.Literal("all")]))),
});
export type NotificationListQuery = Static<typeof NotificationListQuerySchema>;

export const NotificationGetQuerySchema = Type.Object({
  expand: Type.Optional(Type.Array(Type.Union([Type.Literal("discussion"), Type.Literal("all")]))),
});
export type NotificationGetQuery = Static<typeof NotificationGetQuerySchema>;

export const NotificationIDParamsSchema = Type.Object({ id: ID });

/** Body of `PATCH /notifications/{id}`, `PUT /notifications/{id}/read` and `PATCH /notifications`: only `true`. */
export const NotificationReadBodySchema = Type.Object({ read: Type.Literal(true) });
export type NotificationReadBody = Static<typeof NotificationReadBodySchema>;

/** One activity type's delivery choices: in the menu (popup) and by email. */
export const NotificationPreferenceSchema = Type.Object({
  popup: Type.Boolean(),
  email: Type.Boolean(),
});
export type NotificationPreference = Static<typeof NotificationPreferenceSchema>;

/**
 * **DECISION** `GET /notifications/preferences`: the session user's choices for every known activity type,
 * keyed by type. Defaults: popup on, email off.
 */
export const NotificationPreferencesSchema = Type.Record(Type.String(), NotificationPreferenceSchema);
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

/**
 * **DECISION** `PATCH /notifications/preferences`: any subset of types and fields; unknown types are ignored.
 * Answers with the full set, like GET.
 */
const PreferencePatchSchema = Type.Partial(NotificationPreferenceSchema);
export const NotificationPreferencesPatchSchema = Type.Object({
  Comment: Type.Optional(PreferencePatchSchema),
  Participated: Type.Optional(PreferencePatchSchema),
  Mention: Type.Optional(PreferencePatchSchema),
  ConversationMessage: Type.Optional(PreferencePatchSchema),
});
export type NotificationPreferencesPatch = Static<typeof NotificationPreferencesPatchSchema>;

/** `count` event of `GET /notifications/stream` (text/event-stream): every running menu counter by name. */
export const LiveCountsSchema = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type LiveCounts = Static<typeof LiveCountsSchema>;

export { LIVE_EVENT_COUNT, LIVE_EVENT_NOTIFICATION } from "./liveEvents";
