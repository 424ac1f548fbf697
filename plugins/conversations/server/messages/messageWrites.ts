import type { Database } from "@library/server/db/database";
import { sql, type Transaction } from "kysely";
import type { StoredMessageBody } from "../conversations/conversationBodies";
import { notifyConversationMessage, type MessageDelivery } from "./conversationNotifications";

/**
 * Adds a message inside the caller's transaction: the conversation's counts and newest activity move, the
 * sender has read everything up to it, and every other participant is notified (delivered after commit with
 * `deliverMessage`).
 */
export async function insertMessage(
  trx: Transaction<Database>,
  conversationID: number,
  senderID: number,
  stored: StoredMessageBody,
  now: string,
  siteUrl: string | null,
): Promise<{ messageID: number; delivery: MessageDelivery }> {
  const { messageID } = await trx
    .insertInto("messages")
    .values({ conversationID, ...stored, insertUserID: senderID, dateInserted: now })
    .returning("messageID")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("conversations")
    .set({ countMessages: sql`"countMessages" + 1`, lastMessageID: messageID, dateLastMessage: now })
    .where("conversationID", "=", conversationID)
    .execute();
  await trx
    .updateTable("conversationParticipants")
    .set((eb) => ({
      countRead: eb
        .selectFrom("conversations")
        .select("countMessages")
        .where("conversationID", "=", conversationID),
      dateLastViewed: now,
    }))
    .where("conversationID", "=", conversationID)
    .where("userID", "=", senderID)
    .execute();
  const delivery = await notifyConversationMessage(
    trx,
    { conversationID, messageID, senderID, bodyText: stored.bodyText },
    siteUrl,
  );
  return { messageID, delivery };
}
