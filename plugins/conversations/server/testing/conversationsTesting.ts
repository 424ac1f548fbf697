import type { Conversation, ConversationPost, Message } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import type { Dialect } from "@library/server/db/database";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { sql } from "kysely";
import { serverApplications } from "@applications/serverApplications";

/** The whole server (pages need the dashboard's Me presenter) on a fresh database. */
export function createConversationsTestApp(dialect: Dialect): Promise<TestApp> {
  return createTestApp(dialect, serverApplications);
}

/** A client with a session of a new user of the role. */
export const conversationsClient = sessionClient;

/** A one-paragraph rich2 body. */
export function rich2(text: string): string {
  return JSON.stringify([{ type: "p", children: [{ text }] }]);
}

export async function startConversation(
  client: TestClient,
  participantUserIDs: number[],
  text = "Hello there",
  extra: Partial<ConversationPost> = {},
): Promise<Conversation> {
  const response = await client.post<Conversation>("/api/v2/conversations", {
    participantUserIDs,
    initialBody: rich2(text),
    initialFormat: "rich2",
    ...extra,
  });
  if (response.status !== 201) throw new Error(`Conversation: ${response.status} ${response.text}`);
  return response.body;
}

export async function sendMessage(
  client: TestClient,
  conversationID: number,
  text: string,
): Promise<Message> {
  const response = await client.post<Message>("/api/v2/messages", { conversationID, body: rich2(text) });
  if (response.status !== 201) throw new Error(`Message: ${response.status} ${response.text}`);
  return response.body;
}

/** Rows of a conversations table, for asserting that a refused write changed nothing. */
export async function conversationRowCounts(
  context: AppContext,
): Promise<{ conversations: number; conversationParticipants: number; messages: number }> {
  const count = async (table: "conversations" | "conversationParticipants" | "messages") => {
    const result = await sql<{ count: number }>`select count(*) as "count" from ${sql.table(table)}`.execute(
      context.db,
    );
    return Number(result.rows[0]?.count ?? 0);
  };
  return {
    conversations: await count("conversations"),
    conversationParticipants: await count("conversationParticipants"),
    messages: await count("messages"),
  };
}

/** Turns conversations on or off (`context.conversationsEnabled`) or moderation (`conversations.moderation.allow`). */
export async function setSetting(testApp: TestApp, key: string, value: boolean): Promise<void> {
  await testApp.context.settings.write(testApp.context.db, { [key]: value }, 0);
  await testApp.context.settings.refresh();
}
