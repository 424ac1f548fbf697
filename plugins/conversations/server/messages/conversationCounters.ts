import type { AppContext } from "@library/server/app/appContext";
import { writeRecountedRows, type CounterChange } from "@library/server/db/counterRecount";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { sql } from "kysely";

interface ConversationCounts {
  id: number;
  countMessages: number;
  countParticipants: number;
  lastMessageID: number | null;
  dateLastMessage: string;
  realMessages: number;
  realParticipants: number;
  realLastID: number | null;
  realLastDate: string;
}

/**
 * `recount` of the add-on: each conversation's message count, participants still taking part, last message and
 * its date (the conversation's own date while it has none), with every conversation locked (ascending id).
 */
export async function recountConversations(context: AppContext): Promise<CounterChange[]> {
  return writeTransaction(context.db, context.dialect, async (trx) => {
    await trx
      .selectFrom("conversations")
      .select("conversationID")
      .orderBy("conversationID")
      .$call(forUpdate(context.dialect))
      .execute();
    const { rows } = await sql<ConversationCounts>`
      select c."conversationID" as "id", c."countMessages", c."countParticipants", c."lastMessageID",
        c."dateLastMessage",
        coalesce(m."count", 0) as "realMessages",
        coalesce(p."count", 0) as "realParticipants",
        l."messageID" as "realLastID",
        coalesce(l."dateInserted", c."dateInserted") as "realLastDate"
      from "conversations" c
      left join (select "conversationID", count(*) as "count" from "messages" group by "conversationID") m
        on m."conversationID" = c."conversationID"
      left join (
        select "conversationID", count(*) as "count" from "conversationParticipants"
        where "status" = 'participating' group by "conversationID"
      ) p on p."conversationID" = c."conversationID"
      left join (
        select "conversationID", "messageID", "dateInserted" from (
          select "conversationID", "messageID", "dateInserted",
            row_number() over (partition by "conversationID" order by "dateInserted" desc, "messageID" desc) as "rank"
          from "messages"
        ) ranked where "rank" = 1
      ) l on l."conversationID" = c."conversationID"`.execute(trx);
    return writeRecountedRows(
      trx,
      "conversations",
      "conversationID",
      rows.map((row) => ({
        id: row.id,
        stored: {
          countMessages: row.countMessages,
          countParticipants: row.countParticipants,
          lastMessageID: row.lastMessageID,
          dateLastMessage: row.dateLastMessage,
        },
        expected: {
          countMessages: Number(row.realMessages),
          countParticipants: Number(row.realParticipants),
          lastMessageID: row.realLastID,
          dateLastMessage: row.realLastDate,
        },
      })),
    );
  });
}
