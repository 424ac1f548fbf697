/**
 * The notifications core: how any application (forum, conversations, add-ons) notifies members.
 *
 * ```ts
 * import { createNotifications, deliverNotifications } from "@library/server/notifications/createNotifications";
 *
 * const delivery = await context.db.transaction().execute(async (trx) => {
 *   // … the write that causes the notifications …
 *   return createNotifications(trx, [
 *     {
 *       userID: recipientID,
 *       activityType: "ConversationMessage",
 *       recordType: "conversation",
 *       recordID: conversationID,
 *       url: `/messages/${conversationID}#Message_${messageID}`,
 *       body: `**${sender.name}** sent you a message.`,
 *       photoUrl: senderPhotoUrl,
 *       actorUserID: sender.userID,
 *     },
 *   ]);
 * });
 * await deliverNotifications(context, delivery); // after commit: live bus + mail
 * ```
 *
 * or, without a transaction of your own, `await notify(context, items)` (one transaction, then delivery).
 *
 * `NewNotification` fields:
 * - `userID`: the recipient. Items whose recipient is the actor are dropped (never notify yourself).
 * - `activityType`: `Comment` | `Participated` | `Mention` | `ConversationMessage` | … (preferences key).
 * - `recordType`, `recordID`: what it is about. One call stores at most one notification per recipient and
 *   record: the first item wins, so list items in priority order.
 * - `url`: where it leads (site-relative).
 * - `body`: plain text; `**…**` marks bold. It is escaped and stored as HTML with at most `<b>` tags.
 * - `photoUrl`: the actor's avatar or a thumbnail (null for none).
 * - `actorUserID?`, `discussionID?`, `reason?` (why the member got it; defaults per activity type).
 *
 * Per-member preferences (`notificationPreferences`; without a choice the site's defaults of
 * `notificationDefaults.ts`) decide per activity type whether the notification is stored (popup) and whether an
 * email is queued (email); every such email ends with a signed one-click unsubscribe link for its kind. Nothing
 * reaches the live bus or the mail server until `deliverNotifications` runs, so a rolled-back write notifies
 * nobody.
 *
 * Counters: whoever changes another menu counter (an add-on's own, declared with `registrar.meCount`) publishes
 * `context.live.publish({ type: "counts", userID })` after commit; open streams then resend their counts.
 */
import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "../db/database";
import { nowIso } from "../http/dates";
import { escapeHtml } from "../pages/html";
import { loadNotificationPreferences } from "./notificationPreferences";
import { queueMail, queueMailOnce, type Mailer } from "../mail/mailer";
import { signUnsubscribeToken, unsubscribePath } from "../mail/unsubscribeLinks";

export interface NewNotification {
  userID: number;
  activityType: string;
  recordType: string;
  recordID: number;
  url: string;
  /** Plain text; `**…**` is bold. */
  body: string;
  photoUrl: string | null;
  actorUserID?: number | null;
  discussionID?: number | null;
  reason?: string | null;
}

/** What to send once the transaction that stored the notifications has committed. */
export interface NotificationDelivery {
  notifications: { notificationID: number; userID: number }[];
  mailIDs: number[];
}

const DEFAULT_REASONS: Record<string, string> = {
  Comment: "You started this discussion.",
  Participated: "You took part in or bookmarked this discussion.",
  Mention: "You were mentioned.",
  ConversationMessage: "You are in this conversation.",
};

/** Escapes plain text and turns `**bold**` into `<b>bold</b>`: the only tag a notification body has. */
export function renderNotificationBody(text: string): string {
  return escapeHtml(text).replace(/\*\*(.+?)\*\*/g, "<b>$1</b>");
}

/** The plain text of a body (for email): the bold markers removed. */
export function notificationBodyText(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/g, "$1");
}

function absoluteUrl(siteUrl: string | null, url: string): string {
  return siteUrl && url.startsWith("/") ? `${siteUrl}${url}` : url;
}

/**
 * Stores notifications (and queues their emails) inside the caller's transaction. Returns what
 * `deliverNotifications` sends after commit.
 */
export interface CreateNotificationOptions {
  siteUrl?: string | null;
  /**
   * What caused these notifications (`comment:12`): each recipient gets at most one notification and one mail
   * for it, ever. A job that stored them and died before it was marked done runs again without notifying twice.
   */
  sourceKey?: string;
  /** Enqueues each mail's sending inside this transaction (pass it when SMTP is configured). */
  mailSender?: Pick<Mailer, "enqueueSend"> | null;
}

export async function createNotifications(
  db: DbOrTx,
  items: readonly NewNotification[],
  options: CreateNotificationOptions = {},
): Promise<NotificationDelivery> {
  const delivery: NotificationDelivery = { notifications: [], mailIDs: [] };
  const seen = new Set<string>();
  const wanted = items.filter((item) => {
    if (item.userID <= 0 || item.userID === item.actorUserID) return false;
    const key = `${item.userID}:${item.recordType}:${item.recordID}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (wanted.length === 0) return delivery;
  const userIDs = wanted.map((item) => item.userID);
  const preferenceOf = await loadNotificationPreferences(
    db,
    userIDs,
    wanted.map((item) => item.activityType),
  );
  const recipients = new Map(
    (
      await db
        .selectFrom("users")
        .select(["userID", "email", "deleted", "banned"])
        .where("userID", "in", [...new Set(userIDs)])
        .execute()
    ).map((row) => [row.userID, row]),
  );
  const now = nowIso();
  for (const item of wanted) {
    const recipient = recipients.get(item.userID);
    if (!recipient || recipient.deleted === 1 || recipient.banned === 1) continue;
    const preference = preferenceOf(item.userID, item.activityType);
    if (preference.popup) {
      const row = await db
        .insertInto("notifications")
        .values({
          userID: item.userID,
          activityType: item.activityType,
          recordType: item.recordType,
          recordID: item.recordID,
          discussionID: item.discussionID ?? null,
          actorUserID: item.actorUserID ?? null,
          url: item.url,
          body: renderNotificationBody(item.body),
          photoUrl: item.photoUrl,
          reason: item.reason ?? DEFAULT_REASONS[item.activityType] ?? null,
          count: 1,
          read: 0,
          dateInserted: now,
          dateUpdated: now,
          sourceKey: options.sourceKey ?? null,
        })
        .onConflict((conflict) => conflict.columns(["sourceKey", "userID"]).doNothing())
        .returning("notificationID")
        .executeTakeFirst();
      if (row) delivery.notifications.push({ notificationID: row.notificationID, userID: item.userID });
    }
    if (preference.email && recipient.email) {
      // Same outbox row as Mailer.queue; context.mailer sends it in deliverNotifications.
      const text = notificationBodyText(item.body);
      const token = await signUnsubscribeToken(db, { userID: item.userID, activityType: item.activityType });
      const mailID = await queueNotificationMail(
        db,
        {
          to: recipient.email,
          text,
          url: absoluteUrl(options.siteUrl ?? null, item.url),
          unsubscribeUrl: absoluteUrl(options.siteUrl ?? null, unsubscribePath(token)),
          preferencesUrl: absoluteUrl(options.siteUrl ?? null, NOTIFICATION_PREFERENCES_PATH),
        },
        options.sourceKey,
      );
      if (mailID === null) continue;
      if (options.mailSender) await options.mailSender.enqueueSend(db, mailID);
      else delivery.mailIDs.push(mailID);
    }
  }
  return delivery;
}

/** Where a member changes which notifications they get, and how. */
export const NOTIFICATION_PREFERENCES_PATH = "/profile/preferences";

interface NotificationMail {
  to: string;
  text: string;
  url: string;
  unsubscribeUrl: string;
  preferencesUrl: string;
}

/** A notification's mail: the text, its link, and at the foot how to stop this kind of mail in one click. */
function queueNotificationMail(
  db: DbOrTx,
  mail: NotificationMail,
  sourceKey: string | undefined,
): Promise<number | null> {
  const message = {
    to: mail.to,
    subject: mail.text.length > 120 ? `${mail.text.slice(0, 117)}...` : mail.text,
    text: [
      mail.text,
      "",
      mail.url,
      "",
      "-- ",
      `Stop these emails: ${mail.unsubscribeUrl}`,
      `All notification settings: ${mail.preferencesUrl}`,
      "",
    ].join("\n"),
    // Mail programs need an absolute address for their Unsubscribe button (SITE_URL set).
    unsubscribeUrl: /^https?:\/\//.test(mail.unsubscribeUrl) ? mail.unsubscribeUrl : null,
  };
  return sourceKey === undefined ? queueMail(db, message) : queueMailOnce(db, message, sourceKey);
}

/**
 * After commit: tells open streams (in every process) about each new notification (not durable: a crash
 * before this only means an open page learns of it at its next count) and has the mail that was not already
 * enqueued with its transaction sent through `context.mailer`. Failures are logged, never thrown: the write
 * already succeeded.
 */
export async function deliverNotifications(
  context: AppContext,
  delivery: NotificationDelivery,
): Promise<void> {
  for (const { notificationID, userID } of delivery.notifications) {
    try {
      await context.live.publish({ type: "notification", userID, notificationID });
    } catch (error) {
      context.log.error({ err: error }, "Could not publish a notification to the live bus.");
    }
  }
  for (const mailID of delivery.mailIDs) await context.mailer.deliver(context.db, mailID);
}

/**
 * Stores the notifications and queues their mail (and its sending) in one transaction, then tells open streams.
 * With `sourceKey`, running it again for the same cause adds nothing (jobs retried after a crash).
 */
export async function notify(
  context: AppContext,
  items: readonly NewNotification[],
  options: { sourceKey?: string } = {},
): Promise<NotificationDelivery> {
  // Read before the transaction: the settings may be read from the database.
  const mailSender = (await context.mailer.smtp()) ? context.mailer : null;
  const delivery = await context.db
    .transaction()
    .execute((trx) =>
      createNotifications(trx, items, { siteUrl: context.config.siteUrl, mailSender, ...options }),
    );
  await deliverNotifications(context, delivery);
  return delivery;
}
