import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { nowIso } from "@library/server/http/dates";
import { sql } from "kysely";
import { ANONYMOUS, anonymizedAmong } from "../privacy/analyticsPrivacy";
import type { StoreBatchPayload } from "./analyticsBuffer";

/** Rows per insert statement (SQLite allows 32,766 bound values; an event has 15). */
const INSERT_CHUNK = 500;

/**
 * Writes one batch of events and adds its discussion views to the discussions' `countViews`, in one
 * transaction that first claims the batch's id: a batch already written (a job run again after a crash) is
 * skipped, so nothing is counted twice. Returns whether the batch was written now.
 */
export async function storeBatch(context: AppContext, payload: StoreBatchPayload): Promise<boolean> {
  const { batchID, events } = payload;
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const claimed = await trx
      .insertInto("analyticsBatches")
      .values({ batchID, countEvents: events.length, dateWritten: nowIso() })
      .onConflict((conflict) => conflict.column("batchID").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    // Members who chose anonymization after these ticks were sent (their stored events were stripped then).
    const anonymized = await anonymizedAmong(trx, [
      ...new Set(events.flatMap((event) => (event.userID === null ? [] : [event.userID]))),
    ]);
    for (let start = 0; start < events.length; start += INSERT_CHUNK)
      await trx
        .insertInto("analyticsEvents")
        .values(
          events.slice(start, start + INSERT_CHUNK).map((event) => ({
            ...event,
            ...(event.userID !== null && anonymized.has(event.userID) && ANONYMOUS),
            batchID,
            day: event.dateInserted.slice(0, 10),
          })),
        )
        .execute();
    const views = new Map<number, number>();
    for (const event of events)
      if (event.type === "discussion_view" && event.discussionID !== null)
        views.set(event.discussionID, (views.get(event.discussionID) ?? 0) + 1);
    for (const [discussionID, count] of [...views].sort(([a], [b]) => a - b))
      await trx
        .updateTable("discussions")
        .set({ countViews: sql`"countViews" + ${count}` })
        .where("discussionID", "=", discussionID)
        .execute();
    return true;
  });
}
