import type { AppContext } from "@library/server/app/appContext";

/**
 * The conversations part of a member's data: the conversations they take part in and the messages they wrote
 * (other people's messages are theirs, not this member's, and stay out).
 */
export async function exportConversationsData(
  context: AppContext,
  userID: number,
): Promise<Record<string, unknown>> {
  const { db } = context;
  const conversations = await db
    .selectFrom("conversationParticipants")
    .select(["conversationID", "status", "dateInserted", "dateLastViewed"])
    .where("userID", "=", userID)
    .orderBy("conversationID")
    .execute();
  const messages = await db
    .selectFrom("messages")
    .select(["messageID", "conversationID", "body", "format", "dateInserted"])
    .where("insertUserID", "=", userID)
    .orderBy("messageID")
    .execute();
  return { conversations, messages };
}
