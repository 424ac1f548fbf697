import type { Generated } from "kysely";

/**
 * Tables of private conversations. Dates are ISO-8601 UTC text and flags 0/1 integers on both dialects, like
 * the core tables. Unread state is per participant: `countMessages - countRead`.
 */
export interface ConversationTable {
  conversationID: Generated<number>;
  /** The subject; null when none was given (the name is then made of the participants' names). */
  name: string | null;
  insertUserID: number;
  dateInserted: string;
  /** Participants whose status is `participating`. */
  countParticipants: number;
  countMessages: number;
  lastMessageID: number | null;
  /** Newest activity: the last message's date, or the start of the conversation. */
  dateLastMessage: string;
}

export interface ConversationParticipantTable {
  conversationID: number;
  userID: number;
  /** `participating`, or `deleted` once the user left. */
  status: string;
  /** Messages of the conversation this user has read. */
  countRead: number;
  dateLastViewed: string | null;
  dateInserted: string;
}

export interface MessageTable {
  messageID: Generated<number>;
  conversationID: number;
  /** Raw input in `format`. */
  body: string;
  format: string;
  /** Sanitised HTML, rendered once at write time. */
  bodyHtml: string;
  bodyText: string;
  insertUserID: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    conversations: ConversationTable;
    conversationParticipants: ConversationParticipantTable;
    messages: MessageTable;
  }
}
