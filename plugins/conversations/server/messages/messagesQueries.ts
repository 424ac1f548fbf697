import type { MessageListQuery } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import type { Db, DbOrTx } from "@library/server/db/database";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import {
  canModerateConversations,
  getReadableConversation,
  type ReadableConversation,
} from "../conversations/conversationAccess";
import { MESSAGE_NOTIFICATION, publishCounts } from "./conversationNotifications";
import type { MessageRow } from "./messagesPresenter";

export const MESSAGES_DEFAULT_LIMIT = 50;

/**
 * API.md 12 DECISION: a participant who lists a conversation's messages has read it, and with it the
 * notifications of its messages (as a forum marks a thread's notifications read when the thread is read). Writes
 * only when something was unread.
 */
export async function markConversationRead(db: Db, readable: ReadableConversation): Promise<boolean> {
  const { row, participant } = readable;
  if (!participant || participant.countRead >= row.countMessages) return false;
  await db.transaction().execute(async (trx) => {
    await markMessagesRead(trx, row.conversationID, participant.userID);
    await markMessageNotificationsRead(trx, row.conversationID, participant.userID);
  });
  return true;
}

async function markMessagesRead(trx: DbOrTx, conversationID: number, userID: number): Promise<void> {
  await trx
    .updateTable("conversationParticipants")
    .set((eb) => ({
      countRead: eb
        .selectFrom("conversations")
        .select("countMessages")
        .where("conversationID", "=", conversationID),
      dateLastViewed: nowIso(),
    }))
    .where("conversationID", "=", conversationID)
    .where("userID", "=", userID)
    .execute();
}

async function markMessageNotificationsRead(
  trx: DbOrTx,
  conversationID: number,
  userID: number,
): Promise<void> {
  await trx
    .updateTable("notifications")
    .set({ read: 1, dateUpdated: nowIso() })
    .where("userID", "=", userID)
    .where("activityType", "=", MESSAGE_NOTIFICATION)
    .where("recordType", "=", "conversation")
    .where("recordID", "=", conversationID)
    .where("read", "=", 0)
    .execute();
}

export interface MessagePage {
  rows: MessageRow[];
  page: number;
  limit: number;
  total: number;
}

/**
 * `GET /messages` (API.md 12): oldest first, numbered pager. `conversationID` is required unless the viewer
 * moderates conversations (with moderation enabled); listing marks the conversation read.
 */
export async function listMessages(
  context: AppContext,
  viewer: Viewer,
  query: MessageListQuery,
): Promise<MessagePage> {
  viewer.require("session.valid");
  const page = query.page ?? 1;
  const limit = query.limit ?? MESSAGES_DEFAULT_LIMIT;
  let readable: ReadableConversation | null = null;
  if (query.conversationID === undefined) {
    if (!(await canModerateConversations(context, viewer)))
      throw ValidationError.field("conversationID", "conversationID is required.", "required");
  } else {
    readable = await getReadableConversation(context, viewer, query.conversationID);
  }
  let base = context.db.selectFrom("messages");
  if (query.conversationID !== undefined) base = base.where("conversationID", "=", query.conversationID);
  if (query.insertUserID !== undefined) base = base.where("insertUserID", "=", query.insertUserID);
  const knownTotal = readable && query.insertUserID === undefined ? readable.row.countMessages : null;
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy("messageID")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    knownTotal ?? base.select(sql<number>`count(*)`.as("count")).executeTakeFirst(),
  ]);
  if (readable && (await markConversationRead(context.db, readable)))
    await publishCounts(context, [viewer.userID]);
  return { rows, page, limit, total: typeof total === "number" ? total : Number(total?.count ?? 0) };
}

/** `GET /messages/{id}`: only for those who may read its conversation. */
export async function getReadableMessage(
  context: AppContext,
  viewer: Viewer,
  messageID: number,
): Promise<MessageRow> {
  viewer.require("session.valid");
  const row = await context.db
    .selectFrom("messages")
    .selectAll()
    .where("messageID", "=", messageID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Message");
  await getReadableConversation(context, viewer, row.conversationID);
  return row;
}
