import { conversationUrl } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { excerptOf } from "@library/server/formats/renderBody";
import {
  createNotifications,
  deliverNotifications,
  type CreateNotificationOptions,
  type NewNotification,
  type NotificationDelivery,
} from "@library/server/notifications/createNotifications";
import { userPhotoUrl } from "@library/server/users/userFragments";

/** The job that notifies a new message's recipients (enqueued in the message's transaction). */
export const NOTIFY_MESSAGE_JOB = "conversations.notifyMessage";
/** The activity type of a new message's notification (about the `conversation` record). */
export const MESSAGE_NOTIFICATION = "ConversationMessage";

declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    "message.created": { conversationID: number; messageID: number; insertUserID: number };
  }
}

export interface NewMessageEvent {
  conversationID: number;
  messageID: number;
  senderID: number;
  bodyText: string;
}

/** A stored message's effects to send after commit: notifications, and the recipients whose counters moved. */
export interface MessageDelivery {
  notifications: NotificationDelivery;
  recipientIDs: number[];
}

/**
 * Inside the message's transaction: one "ConversationMessage" notification for every other participant
 * still in the conversation (their preferences decide popup and email).
 */
export async function notifyConversationMessage(
  trx: DbOrTx,
  event: NewMessageEvent,
  options: Pick<CreateNotificationOptions, "siteUrl" | "mailSender">,
): Promise<MessageDelivery> {
  const [recipients, sender] = await Promise.all([
    trx
      .selectFrom("conversationParticipants")
      .select("userID")
      .where("conversationID", "=", event.conversationID)
      .where("status", "=", "participating")
      .where("userID", "!=", event.senderID)
      .orderBy("userID")
      .execute(),
    trx.selectFrom("users").select(["name", "photo"]).where("userID", "=", event.senderID).executeTakeFirst(),
  ]);
  const senderName = (sender?.name ?? "Unknown").replace(/\*/g, "");
  const excerpt = excerptOf(event.bodyText, 100).replace(/\*\*/g, "");
  const items = recipients.map(({ userID }): NewNotification => ({
    userID,
    activityType: MESSAGE_NOTIFICATION,
    recordType: "conversation",
    recordID: event.conversationID,
    url: `${conversationUrl(event.conversationID)}#Message_${event.messageID}`,
    body: `**${senderName}** sent you a message: ${excerpt}`,
    photoUrl: userPhotoUrl(sender?.photo ?? null),
    actorUserID: event.senderID,
  }));
  return {
    // Once per message and recipient, however often the job runs (a run after a crash adds nothing).
    notifications: await createNotifications(trx, items, {
      ...options,
      sourceKey: `message:${event.messageID}`,
    }),
    recipientIDs: recipients.map(({ userID }) => userID),
  };
}

/**
 * The `conversations.notifyMessage` job: stores the recipients' notifications in one transaction, then delivers
 * them. A message deleted in the meantime notifies nobody.
 */
export async function notifyMessageJob(
  context: AppContext,
  job: { conversationID: number; messageID: number; senderID: number },
): Promise<void> {
  const message = await context.db
    .selectFrom("messages")
    .select("bodyText")
    .where("messageID", "=", job.messageID)
    .executeTakeFirst();
  if (!message) return;
  // Read before the transaction: the settings may be read from the database.
  const mailSender = (await context.mailer.smtp()) ? context.mailer : null;
  const delivery = await context.db
    .transaction()
    .execute((trx) =>
      notifyConversationMessage(
        trx,
        { ...job, bodyText: message.bodyText },
        { siteUrl: context.config.siteUrl, mailSender },
      ),
    );
  await deliverMessage(context, delivery);
}

/**
 * After commit: the notifications reach open streams and mail, and the recipients' streams resend their
 * counts (UnreadConversations moved). Failures are logged; the message is already stored.
 */
export async function deliverMessage(context: AppContext, delivery: MessageDelivery): Promise<void> {
  await deliverNotifications(context, delivery.notifications);
  await publishCounts(context, delivery.recipientIDs);
}

/** Tells the users' open streams that their menu counters changed. */
export async function publishCounts(context: AppContext, userIDs: readonly number[]): Promise<void> {
  for (const userID of userIDs) {
    try {
      await context.live.publish({ type: "counts", userID });
    } catch (error) {
      context.log.error({ err: error }, "Could not publish counts to the live bus.");
    }
  }
}
