import type { MessagePost } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { prepareMessageBody } from "../conversations/conversationBodies";
import { getParticipatingConversation } from "../conversations/conversationAccess";
import { insertMessage } from "./messageWrites";

/**
 * `POST /messages` (API.md 12): signed in and taking part (else 400 "You can not add a message…"); body 1–2000
 * characters, `rich2` by default. One transaction.
 */
export async function createMessage(context: AppContext, viewer: Viewer, body: MessagePost): Promise<number> {
  viewer.require("session.valid");
  await getParticipatingConversation(context, viewer, body.conversationID, "clientError");
  const stored = prepareMessageBody(body.format ?? "rich2", body.body);
  const { messageID } = await writeTransaction(context.db, context.dialect, async (trx) => {
    // The conversation first, and the date taken under its lock, so the newest message is also the last one.
    await trx
      .selectFrom("conversations")
      .select("conversationID")
      .where("conversationID", "=", body.conversationID)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    const inserted = await insertMessage(
      trx,
      context.jobs,
      body.conversationID,
      viewer.userID,
      stored,
      nowIso(),
    );
    await context.events.emit(trx, "message.created", {
      conversationID: body.conversationID,
      messageID: inserted.messageID,
      insertUserID: viewer.userID,
    });
    return inserted;
  });
  return messageID;
}
