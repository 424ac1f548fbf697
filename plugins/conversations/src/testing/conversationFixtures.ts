import type { Conversation, Message } from "../../api/conversationsApi";
import type { UserFragment } from "@forum/api/users";

export function makeUser(userID: number, name: string): UserFragment {
  return {
    userID,
    name,
    photoUrl: `/avatars/${userID}.png`,
    url: `/profile/${encodeURIComponent(name)}`,
    dateLastActive: null,
    banned: 0,
    private: false,
  };
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  const conversationID = overrides.conversationID ?? 1;
  return {
    conversationID,
    name: "Weekend plans",
    body: "See you &amp; the team",
    url: `/messages/${conversationID}`,
    dateInserted: "2025-03-14T09:26:53+00:00",
    insertUserID: 3,
    countParticipants: 2,
    countMessages: 2,
    countUnread: 0,
    unread: false,
    participants: [
      { userID: 2, status: "participating", user: makeUser(2, "Alice") },
      { userID: 3, status: "participating", user: makeUser(3, "Bob") },
    ],
    lastMessage: {
      insertUserID: 3,
      dateInserted: "2025-03-14T09:26:53+00:00",
      insertUser: makeUser(3, "Bob"),
    },
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    messageID: 10,
    conversationID: 1,
    body: "<p>Sent text</p>",
    format: "rich2",
    insertUserID: 2,
    insertUser: makeUser(2, "Alice"),
    dateInserted: "2025-03-14T09:26:53+00:00",
    ...overrides,
  };
}
