import type { ConversationPost, Participant, ParticipantsPost } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { publishCounts } from "../messages/conversationNotifications";
import { insertMessage } from "../messages/messageWrites";
import { prepareMessageBody } from "./conversationBodies";
import { getParticipatingConversation } from "./conversationAccess";
import { presentParticipants } from "./conversationsPresenter";

const FIELD = "participantUserIDs";

/** The other users of a request: unique, without the viewer, each an existing member who is not banned (422). */
async function checkParticipants(db: DbOrTx, viewer: Viewer, ids: readonly number[]): Promise<number[]> {
  const others = [...new Set(ids)].filter((id) => id !== viewer.userID);
  if (others.length === 0)
    throw ValidationError.field(FIELD, "Add at least one other participant.", "minItems");
  const users = await db
    .selectFrom("users")
    .select(["userID", "name", "banned", "deleted"])
    .where("userID", "in", others)
    .execute();
  const byID = new Map(users.map((user) => [user.userID, user]));
  const errors = others.flatMap((id) => {
    const user = byID.get(id);
    if (!user || user.deleted === 1)
      return [{ field: FIELD, code: "unknownUser", message: `User ${id} does not exist.` }];
    if (user.banned === 1)
      return [
        { field: FIELD, code: "bannedUser", message: `${user.name} is banned and cannot receive messages.` },
      ];
    return [];
  });
  if (errors.length > 0) throw new ValidationError(errors);
  return others;
}

/**
 * `POST /conversations` (API.md 12): conversations.add; the viewer joins automatically; an optional first
 * message (`initialBody` with `initialFormat`, 1–2000 characters). One transaction.
 */
export async function createConversation(
  context: AppContext,
  viewer: Viewer,
  body: ConversationPost,
): Promise<number> {
  viewer.require("session.valid");
  viewer.require("conversations.add");
  if ((body.initialBody === undefined) !== (body.initialFormat === undefined)) {
    const field = body.initialBody === undefined ? "initialBody" : "initialFormat";
    throw ValidationError.field(field, "initialBody and initialFormat must be used together.", "required");
  }
  const others = await checkParticipants(context.db, viewer, body.participantUserIDs);
  const stored =
    body.initialBody !== undefined && body.initialFormat !== undefined
      ? prepareMessageBody(body.initialFormat, body.initialBody, {
          body: "initialBody",
          format: "initialFormat",
        })
      : null;
  const name = body.name?.trim() ? body.name.trim() : null;
  const now = nowIso();
  const { conversationID } = await context.db.transaction().execute(async (trx) => {
    const { conversationID: id } = await trx
      .insertInto("conversations")
      .values({
        name,
        insertUserID: viewer.userID,
        dateInserted: now,
        countParticipants: others.length + 1,
        countMessages: 0,
        lastMessageID: null,
        dateLastMessage: now,
      })
      .returning("conversationID")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("conversationParticipants")
      .values(
        [viewer.userID, ...others].map((userID) => ({
          conversationID: id,
          userID,
          status: "participating",
          countRead: 0,
          dateLastViewed: userID === viewer.userID ? now : null,
          dateInserted: now,
        })),
      )
      .execute();
    const first = stored ? await insertMessage(trx, context.jobs, id, viewer.userID, stored, now) : null;
    if (first)
      await context.events.emit(trx, "message.created", {
        conversationID: id,
        messageID: first.messageID,
        insertUserID: viewer.userID,
      });
    return { conversationID: id, messageID: first?.messageID ?? null };
  });
  return conversationID;
}

/**
 * Locks a conversation's row: writes that change its participants or counts run one after the other (the
 * participants are its child rows, locked after it).
 */
async function lockConversation(trx: DbOrTx, dialect: Dialect, conversationID: number): Promise<void> {
  await trx
    .selectFrom("conversations")
    .select("conversationID")
    .where("conversationID", "=", conversationID)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

/**
 * `POST /conversations/{id}/participants`: conversations.add and taking part. New users join with the whole
 * history unread; users who had left come back. Returns the added ones.
 */
export async function addParticipants(
  context: AppContext,
  viewer: Viewer,
  conversationID: number,
  body: ParticipantsPost,
): Promise<Participant[]> {
  viewer.require("session.valid");
  viewer.require("conversations.add");
  await getParticipatingConversation(context, viewer, conversationID, "forbidden");
  const others = await checkParticipants(context.db, viewer, body.participantUserIDs);
  const now = nowIso();
  const added = await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockConversation(trx, context.dialect, conversationID);
    const existing = await trx
      .selectFrom("conversationParticipants")
      .select(["userID", "status"])
      .where("conversationID", "=", conversationID)
      .where("userID", "in", others)
      .execute();
    const statusOf = new Map(existing.map((row) => [row.userID, row.status]));
    const fresh = others.filter((id) => !statusOf.has(id));
    const returning = others.filter((id) => statusOf.get(id) === "deleted");
    if (fresh.length > 0)
      await trx
        .insertInto("conversationParticipants")
        .values(
          fresh.map((userID) => ({
            conversationID,
            userID,
            status: "participating",
            countRead: 0,
            dateLastViewed: null,
            dateInserted: now,
          })),
        )
        .execute();
    if (returning.length > 0)
      await trx
        .updateTable("conversationParticipants")
        .set({ status: "participating" })
        .where("conversationID", "=", conversationID)
        .where("userID", "in", returning)
        .execute();
    const joined = [...fresh, ...returning];
    if (joined.length > 0)
      await trx
        .updateTable("conversations")
        .set({ countParticipants: sql`"countParticipants" + ${joined.length}` })
        .where("conversationID", "=", conversationID)
        .execute();
    const rows = await trx
      .selectFrom("conversationParticipants")
      .selectAll()
      .where("conversationID", "=", conversationID)
      .where("userID", "in", joined.length > 0 ? joined : [0])
      .orderBy("dateInserted")
      .orderBy("userID")
      .execute();
    return presentParticipants(trx, rows, true);
  });
  await publishCounts(
    context,
    added.map((participant) => participant.userID),
  );
  return added;
}

/** `DELETE /conversations/{id}/leave`: the viewer's status becomes `deleted`, hiding it from their list. */
export async function leaveConversation(
  context: AppContext,
  viewer: Viewer,
  conversationID: number,
): Promise<void> {
  viewer.require("session.valid");
  await getParticipatingConversation(context, viewer, conversationID, "forbidden");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockConversation(trx, context.dialect, conversationID);
    // Read again under the lock: leaving twice at once lowers the count once.
    const left = await trx
      .updateTable("conversationParticipants")
      .set({ status: "deleted" })
      .where("conversationID", "=", conversationID)
      .where("userID", "=", viewer.userID)
      .where("status", "=", "participating")
      .executeTakeFirst();
    if (Number(left.numUpdatedRows) === 0) return;
    await trx
      .updateTable("conversations")
      .set({ countParticipants: sql`"countParticipants" - 1` })
      .where("conversationID", "=", conversationID)
      .execute();
  });
  await publishCounts(context, [viewer.userID]);
}
