import type { Conversation, ConversationPost, Message, MessagePost } from "../../api/conversationsApi";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls for conversations (API.md 12), over the shared `apiv2` instance. */

export const MENU_CONVERSATION_LIMIT = 10;

export async function getConversations(limit: number): Promise<Conversation[]> {
  const response = await apiv2.get<Conversation[]>("conversations", {
    params: { limit, expand: "lastInsertUser" },
  });
  return response.data;
}

export async function postConversation(body: ConversationPost): Promise<Conversation> {
  const response = await apiv2.post<Conversation>("conversations", body);
  return response.data;
}

export async function postMessage(body: MessagePost): Promise<Message> {
  const response = await apiv2.post<Message>("messages", body);
  return response.data;
}

export async function postParticipants(conversationID: number, participantUserIDs: number[]): Promise<void> {
  await apiv2.post(`conversations/${conversationID}/participants`, { participantUserIDs });
}

export async function leaveConversation(conversationID: number): Promise<void> {
  await apiv2.delete(`conversations/${conversationID}/leave`);
}
