import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID } from "@forum/api/common";
import { CONVERSATION_NAME_MAX_LENGTH } from "./conversationLimits";
import { BodyFormatSchema } from "@forum/api/discussions";
import { StringEnum, UserFragmentSchema } from "@forum/api/users";

/** Private conversations and their messages (API.md 12). */

/** Most plain-text characters in a message (`Conversations.Message.MaxLength`). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Other users a conversation may be started with, or added in one call (DECISION). */
export const MAX_PARTICIPANTS = 50;
export { CONVERSATION_NAME_MAX_LENGTH };

export const PARTICIPANT_STATUSES = ["participating", "deleted"] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export const ParticipantSchema = Type.Object({
  userID: Type.Integer(),
  status: StringEnum(PARTICIPANT_STATUSES),
  user: Type.Optional(UserFragmentSchema),
});
export type Participant = Static<typeof ParticipantSchema>;

export const ConversationSchema = Type.Object({
  conversationID: Type.Integer(),
  /** The subject, or the participants' names when there is none. */
  name: Type.String(),
  /** Escaped excerpt of the most recent message. */
  body: Type.String(),
  url: Type.String(),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(UserFragmentSchema),
  countParticipants: Type.Integer(),
  countMessages: Type.Integer(),
  countUnread: Type.Integer(),
  unread: Type.Boolean(),
  participants: Type.Array(ParticipantSchema),
  lastMessage: Type.Union([
    Type.Null(),
    Type.Object({
      insertUserID: Type.Integer(),
      dateInserted: DateTime,
      insertUser: Type.Optional(UserFragmentSchema),
    }),
  ]),
});
export type Conversation = Static<typeof ConversationSchema>;

export const MessageSchema = Type.Object({
  messageID: Type.Integer(),
  conversationID: Type.Integer(),
  body: Type.String(),
  format: BodyFormatSchema,
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(UserFragmentSchema),
  dateInserted: DateTime,
});
export type Message = Static<typeof MessageSchema>;

export const CONVERSATION_EXPANDS = ["insertUser", "lastInsertUser", "all"] as const;
export type ConversationExpand = (typeof CONVERSATION_EXPANDS)[number];

export const ConversationListQuerySchema = Type.Object({
  insertUserID: Type.Optional(ID),
  participantUserID: Type.Optional(ID),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(Type.Array(StringEnum(CONVERSATION_EXPANDS))),
});
export type ConversationListQuery = Static<typeof ConversationListQuerySchema>;

export const ConversationGetQuerySchema = Type.Object({
  expand: Type.Optional(Type.Array(StringEnum(CONVERSATION_EXPANDS))),
});

export const IDParamsSchema = Type.Object({ id: ID });

const ParticipantIDsSchema = Type.Array(ID, { minItems: 1, maxItems: MAX_PARTICIPANTS });

export const ConversationPostSchema = Type.Object({
  participantUserIDs: ParticipantIDsSchema,
  name: Type.Optional(Type.String({ maxLength: CONVERSATION_NAME_MAX_LENGTH })),
  initialBody: Type.Optional(Type.String({ minLength: 1, maxLength: 100000 })),
  initialFormat: Type.Optional(BodyFormatSchema),
});
export type ConversationPost = Static<typeof ConversationPostSchema>;

export const ParticipantsQuerySchema = Type.Object({
  status: Type.Optional(StringEnum(["all", "participating", "deleted"] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  limit: Type.Optional(Type.Integer({ minimum: 5, maximum: 100 })),
  expand: Type.Optional(Type.Array(StringEnum(["user", "all"] as const))),
});
export type ParticipantsQuery = Static<typeof ParticipantsQuerySchema>;

export const ParticipantsPostSchema = Type.Object({ participantUserIDs: ParticipantIDsSchema });
export type ParticipantsPost = Static<typeof ParticipantsPostSchema>;

export const MESSAGE_EXPANDS = ["insertUser", "all"] as const;

export const MessageListQuerySchema = Type.Object({
  conversationID: Type.Optional(ID),
  insertUserID: Type.Optional(ID),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(Type.Array(StringEnum(MESSAGE_EXPANDS))),
});
export type MessageListQuery = Static<typeof MessageListQuerySchema>;

export const MessageGetQuerySchema = Type.Object({
  expand: Type.Optional(Type.Array(StringEnum(MESSAGE_EXPANDS))),
});

export const MessagePostSchema = Type.Object({
  conversationID: ID,
  body: Type.String({ minLength: 1, maxLength: 100000 }),
  format: Type.Optional(BodyFormatSchema),
});
export type MessagePost = Static<typeof MessagePostSchema>;

/** The path of a conversation's page. */
export function conversationUrl(conversationID: number): string {
  return `/messages/${conversationID}`;
}
