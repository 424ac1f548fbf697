import type { Database } from "@library/server/db/database";
import type { JobQueue } from "@library/server/jobs/jobQueue";
import { sql, type Transaction } from "kysely";
import type { StoredMessageBody } from "../conversations/conversationBodies";
import { NOTIFY_MESSAGE_JOB } from "./conversationNotifications";

/**
 * Adds a message inside the caller's transaction: the conversation's counts and newest activity move, the
 * sender has read everything up to it, and the job that notifies every other participant is enqueued (it runs
 * after commit).
 */
export async function insertMessage(
  trx: Transaction<Database>,
  jobs: JobQueue,
  conversationID: number,
  senderID: number,
  stored: StoredMessageBody,
  now: string,
): Promise<{ messageID: number }> {
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
  await jobs.enqueue(trx, NOTIFY_MESSAGE_JOB, { conversationID, messageID, senderID });
  return { messageID };
}
