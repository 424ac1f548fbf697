import { conversationUrl, type Conversation, type Participant } from "../../api/conversationsApi";
import type { UserFragment } from "@forum/api/users";
import type { DbOrTx } from "@library/server/db/database";
import { excerptOf } from "@library/server/formats/renderBody";
import { toApiDate } from "@library/server/http/dates";
import { escapeHtml } from "@library/server/pages/html";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { ConversationRow, ParticipantRow } from "./conversationAccess";

/** Participants embedded in a conversation (API.md 12: the first five). */
export const EMBEDDED_PARTICIPANTS = 5;
const EXCERPT_LENGTH = 160;

function expands(expand: readonly string[], name: string): boolean {
  return expand.includes(name) || expand.includes("all");
}

/** Participant rows of conversations, in the order they joined. */
export function loadParticipantRows(
  db: DbOrTx,
  conversationIDs: readonly number[],
): Promise<ParticipantRow[]> {
  if (conversationIDs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("conversationParticipants")
    .selectAll()
    .where("conversationID", "in", [...conversationIDs])
    .orderBy("dateInserted")
    .orderBy("userID")
    .execute();
}

export function presentParticipant(row: ParticipantRow, user?: UserFragment): Participant {
  return {
    userID: row.userID,
    status: row.status === "deleted" ? "deleted" : "participating",
    ...(user ? { user } : {}),
  };
}

/** Participant fragments for a list of participant rows (API.md 12 `Participant`, `user` when asked). */
export async function presentParticipants(
  db: DbOrTx,
  rows: readonly ParticipantRow[],
  withUser: boolean,
): Promise<Participant[]> {
  const users = withUser
    ? await loadUserFragments(
        db,
        rows.map((row) => row.userID),
      )
    : null;
  return rows.map((row) => presentParticipant(row, users ? userFragmentOf(users, row.userID) : undefined));
}

/**
 * Conversations as API.md 12 shows them to `viewerID`: unread counts from the viewer's participation, the
 * first five participants with their users, the last message, and the subject or the other participants' names.
 */
export async function presentConversations(
  db: DbOrTx,
  viewerID: number,
  rows: readonly ConversationRow[],
  expand: readonly string[] = [],
): Promise<Conversation[]> {
  const ids = rows.map((row) => row.conversationID);
  const lastIDs = rows.flatMap((row) => (row.lastMessageID === null ? [] : [row.lastMessageID]));
  const [participantRows, lastMessages] = await Promise.all([
    loadParticipantRows(db, ids),
    lastIDs.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("messages")
          .select(["messageID", "insertUserID", "dateInserted", "bodyText"])
          .where("messageID", "in", lastIDs)
          .execute(),
  ]);
  const byConversation = new Map<number, ParticipantRow[]>();
  for (const row of participantRows) {
    const list = byConversation.get(row.conversationID) ?? [];
    list.push(row);
    byConversation.set(row.conversationID, list);
  }
  const lastByID = new Map(lastMessages.map((message) => [message.messageID, message]));
  const userIDs = new Set<number>();
  for (const list of byConversation.values())
    for (const row of list.slice(0, EMBEDDED_PARTICIPANTS)) userIDs.add(row.userID);
  for (const row of rows) {
    if (expands(expand, "insertUser")) userIDs.add(row.insertUserID);
    const last = row.lastMessageID === null ? undefined : lastByID.get(row.lastMessageID);
    if (last && expands(expand, "lastInsertUser")) userIDs.add(last.insertUserID);
  }
  const users = await loadUserFragments(db, userIDs);

  return rows.map((row): Conversation => {
    const participants = byConversation.get(row.conversationID) ?? [];
    const embedded = participants.slice(0, EMBEDDED_PARTICIPANTS);
    const own = participants.find((participant) => participant.userID === viewerID);
    const countUnread =
      own && own.status === "participating" ? Math.max(0, row.countMessages - own.countRead) : 0;
    const others = embedded.filter(
      (participant) => participant.userID !== viewerID && participant.status === "participating",
    );
    const names = (others.length > 0 ? others : embedded).map(
      (participant) => userFragmentOf(users, participant.userID).name,
    );
    const last = row.lastMessageID === null ? undefined : lastByID.get(row.lastMessageID);
    return {
      conversationID: row.conversationID,
      name: row.name && row.name.trim() !== "" ? row.name : names.join(", "),
      body: last ? escapeHtml(excerptOf(last.bodyText, EXCERPT_LENGTH)) : "",
      url: conversationUrl(row.conversationID),
      dateInserted: toApiDate(row.dateInserted),
      insertUserID: row.insertUserID,
      ...(expands(expand, "insertUser") ? { insertUser: userFragmentOf(users, row.insertUserID) } : {}),
      countParticipants: row.countParticipants,
      countMessages: row.countMessages,
      countUnread,
      unread: countUnread > 0,
      participants: embedded.map((participant) =>
        presentParticipant(participant, userFragmentOf(users, participant.userID)),
      ),
      lastMessage: last
        ? {
            insertUserID: last.insertUserID,
            dateInserted: toApiDate(last.dateInserted),
            ...(expands(expand, "lastInsertUser")
              ? { insertUser: userFragmentOf(users, last.insertUserID) }
              : {}),
          }
        : null,
    };
  });
}
