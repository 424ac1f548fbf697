import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { ClientError, HttpError, NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Selectable } from "kysely";
import type { ConversationParticipantTable, ConversationTable } from "../tables";

export type ConversationRow = Selectable<ConversationTable>;
export type ParticipantRow = Selectable<ConversationParticipantTable>;

export const ENABLED_SETTING = "context.conversationsEnabled";
/** `Conversations.Moderation.Allow`: moderators may read others' conversations only when this is on. */
export const MODERATION_SETTING = "conversations.moderation.allow";

export const NOT_PARTICIPANT_MESSAGE =
  "You can not add a message to a conversation that you are not a participant of.";

/** API.md 12 DECISION: with conversations disabled every call and page is 404. */
export async function conversationsEnabled(context: AppContext): Promise<boolean> {
  return (await context.settings.get<boolean>(ENABLED_SETTING)) === true;
}

export async function requireConversationsEnabled(context: AppContext): Promise<void> {
  if (!(await conversationsEnabled(context)))
    throw new HttpError(404, "Not Found", { description: "Conversations are disabled." });
}

/** conversations.moderate counts only while moderation is enabled (off by default). */
export async function canModerateConversations(context: AppContext, viewer: Viewer): Promise<boolean> {
  if (!viewer.has("conversations.moderate")) return false;
  return (await context.settings.get<boolean>(MODERATION_SETTING)) === true;
}

export function getConversationRow(db: DbOrTx, conversationID: number): Promise<ConversationRow | undefined> {
  return db
    .selectFrom("conversations")
    .selectAll()
    .where("conversationID", "=", conversationID)
    .executeTakeFirst();
}

export function getParticipantRow(
  db: DbOrTx,
  conversationID: number,
  userID: number,
): Promise<ParticipantRow | undefined> {
  return db
    .selectFrom("conversationParticipants")
    .selectAll()
    .where("conversationID", "=", conversationID)
    .where("userID", "=", userID)
    .executeTakeFirst();
}

export interface ReadableConversation {
  row: ConversationRow;
  /** The viewer's participation; null when a moderator reads someone else's conversation. */
  participant: ParticipantRow | null;
}

/**
 * A conversation the viewer may read: they participate (and have not left), or they moderate conversations
 * while moderation is enabled. Guests 403, unknown ids 404, everyone else 403.
 */
export async function getReadableConversation(
  context: AppContext,
  viewer: Viewer,
  conversationID: number,
): Promise<ReadableConversation> {
  viewer.require("session.valid");
  const row = await getConversationRow(context.db, conversationID);
  if (!row) throw new NotFoundError("Conversation");
  const participant = await getParticipantRow(context.db, conversationID, viewer.userID);
  if (participant?.status === "participating") return { row, participant };
  if (await canModerateConversations(context, viewer)) return { row, participant: null };
  throw new PermissionError(["conversations.moderate"], "You are not a participant of this conversation.");
}

/** The conversation and the viewer's active participation, for writes (no moderator bypass). */
export async function getParticipatingConversation(
  context: AppContext,
  viewer: Viewer,
  conversationID: number,
  refusal: "forbidden" | "clientError",
): Promise<{ row: ConversationRow; participant: ParticipantRow }> {
  const row = await getConversationRow(context.db, conversationID);
  if (!row) throw new NotFoundError("Conversation");
  const participant = await getParticipantRow(context.db, conversationID, viewer.userID);
  if (participant?.status === "participating") return { row, participant };
  if (refusal === "clientError") throw new ClientError(NOT_PARTICIPANT_MESSAGE);
  throw new PermissionError(["conversations.add"], "You are not a participant of this conversation.");
}
