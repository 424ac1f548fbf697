import type { ConversationListQuery, ParticipantsQuery } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import {
  canModerateConversations,
  getReadableConversation,
  type ConversationRow,
  type ParticipantRow,
} from "./conversationAccess";

export const CONVERSATIONS_DEFAULT_LIMIT = 50;

export interface ConversationPage {
  rows: ConversationRow[];
  page: number;
  limit: number;
}

/**
 * `GET /conversations` (API.md 12): the viewer's own conversations (ones they left are hidden), newest
 * activity first. Other users' lists (`insertUserID`, `participantUserID`) need conversations.moderate
 * while moderation is enabled.
 */
export async function listConversations(
  context: AppContext,
  viewer: Viewer,
  query: ConversationListQuery,
): Promise<ConversationPage> {
  viewer.require("session.valid");
  const page = query.page ?? 1;
  const limit = query.limit ?? CONVERSATIONS_DEFAULT_LIMIT;
  const { insertUserID } = query;
  const participantUserID = insertUserID === undefined ? (query.participantUserID ?? viewer.userID) : null;
  const other =
    (insertUserID !== undefined && insertUserID !== viewer.userID) ||
    (participantUserID !== null && participantUserID !== viewer.userID);
  if (other && !(await canModerateConversations(context, viewer)))
    throw new PermissionError(["conversations.moderate"]);

  let builder = context.db.selectFrom("conversations").selectAll("conversations");
  // A list of one's own conversations shows only those one still takes part in.
  const memberID = other ? participantUserID : viewer.userID;
  if (memberID !== null)
    builder = builder
      .innerJoin(
        "conversationParticipants as participant",
        "participant.conversationID",
        "conversations.conversationID",
      )
      .where("participant.userID", "=", memberID)
      .where("participant.status", "=", "participating");
  if (insertUserID !== undefined) builder = builder.where("conversations.insertUserID", "=", insertUserID);
  const rows = await builder
    .orderBy("conversations.dateLastMessage", "desc")
    .orderBy("conversations.conversationID", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { rows, page, limit };
}

/** The add-on's me-counter (API.md 4.2) and, as `countUnreadConversations`, its `GET /users/me` field. */
export const UNREAD_CONVERSATIONS = "UnreadConversations";

/** Conversations with messages the user has not read (the `UnreadConversations` me-count). */
export async function countUnreadConversations(db: DbOrTx, userID: number): Promise<number> {
  const row = await db
    .selectFrom("conversationParticipants as participant")
    .innerJoin("conversations", "conversations.conversationID", "participant.conversationID")
    .select(sql<number>`count(*)`.as("count"))
    .where("participant.userID", "=", userID)
    .where("participant.status", "=", "participating")
    .whereRef("conversations.countMessages", ">", "participant.countRead")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface ParticipantPage {
  rows: ParticipantRow[];
  page: number;
  limit: number;
  total: number;
}

/** `GET /conversations/{id}/participants` (API.md 12): numbered pager, `participating` by default. */
export async function listParticipants(
  context: AppContext,
  viewer: Viewer,
  conversationID: number,
  query: ParticipantsQuery,
): Promise<ParticipantPage> {
  await getReadableConversation(context, viewer, conversationID);
  const page = query.page ?? 1;
  const limit = query.limit ?? 5;
  const status = query.status ?? "participating";
  let base = context.db.selectFrom("conversationParticipants").where("conversationID", "=", conversationID);
  if (status !== "all") base = base.where("status", "=", status);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy("dateInserted")
      .orderBy("userID")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select(sql<number>`count(*)`.as("count")).executeTakeFirst(),
  ]);
  return { rows, page, limit, total: Number(total?.count ?? 0) };
}
