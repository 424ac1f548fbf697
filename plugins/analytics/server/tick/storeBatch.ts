import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { nowIso } from "@library/server/http/dates";
import { sql } from "kysely";
import { setImmediate as nextTurn } from "node:timers/promises";
import { ANONYMOUS, anonymizedAmong } from "../privacy/analyticsPrivacy";
import type { StoreBatchPayload } from "./analyticsBuffer";
import type { BufferedEvent } from "./tickEvents";

/**
 * Events per transaction (and insert statement; SQLite allows 32,766 bound values, an event has 15): about 5 ms
 * of one core, so the requests answered meanwhile wait for one part, never for a whole batch.
 */
export const EVENTS_PER_PART = 100;

/**
 * Writes one batch of events and adds its discussion views to the discussions' `countViews`, in parts of
 * `EVENTS_PER_PART` events, each its own transaction that first claims its part's id (`{batchID}:{n}`), with a
 * turn of the event loop between them. A part already written (a job run again after a crash, half done) is
 * skipped, so nothing is counted twice. Returns whether any part was written now.
 */
export async function storeBatch(context: AppContext, payload: StoreBatchPayload): Promise<boolean> {
  let wrote = false;
  for (let start = 0; start < payload.events.length; start += EVENTS_PER_PART) {
    if (start > 0) await nextTurn();
    const part = payload.events.slice(start, start + EVENTS_PER_PART);
    const partID = start === 0 ? payload.batchID : `${payload.batchID}:${start / EVENTS_PER_PART}`;
    if (await storePart(context, partID, part)) wrote = true;
  }
  return wrote;
}

async function storePart(context: AppContext, batchID: string, events: BufferedEvent[]): Promise<boolean> {
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
    await trx
      .insertInto("analyticsEvents")
      .values(
        events.map((event) => ({
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
