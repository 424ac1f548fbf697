import type { Database } from "@library/server/db/database";
import type { JobQueue } from "@library/server/jobs/jobQueue";
import { sql, type Transaction } from "kysely";
import type { StoredMessageBody } from "../conversations/conversationBodies";
import { NOTIFY_MESSAGE_JOB } from "./conversationNotifications";

/**
 * Adds a message inside the caller's transaction: the conversation's counts and newest activity move, the
 * sender has read everything up to it, and the job that notifies every other participant is enqueued (it runs
 * after commit). The conversation row is written (so locked, on PostgreSQL) before the message gets its ID, and
 * `lastMessageID` only ever moves forward: two messages committing together cannot leave it on the older one.
 */
export async function insertMessage(
  trx: Transaction<Database>,
  jobs: JobQueue,
  conversationID: number,
  senderID: number,
  stored: StoredMessageBody,
  now: string,
): Promise<{ messageID: number }> {
  await trx
    .updateTable("conversations")
    .set({ countMessages: sql`"countMessages" + 1` })
    .where("conversationID", "=", conversationID)
    .execute();
  const { messageID } = await trx
    .insertInto("messages")
    .values({ conversationID, ...stored, insertUserID: senderID, dateInserted: now })
    .returning("messageID")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("conversations")
    .set({
      lastMessageID: sql<number>`CASE WHEN "lastMessageID" IS NULL OR "lastMessageID" < ${messageID} THEN ${messageID} ELSE "lastMessageID" END`,
      dateLastMessage: sql<string>`CASE WHEN "dateLastMessage" IS NULL OR "dateLastMessage" < ${now} THEN ${now} ELSE "dateLastMessage" END`,
    })
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
