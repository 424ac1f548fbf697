import { sql } from "kysely";
import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "../db/database";

declare module "../events/eventBus" {
  interface DomainEvents {
    /** A member's `points` (reputation: reactions received, badges) changed by `delta`. */
    "user.pointsChanged": { userID: number; delta: number };
  }
}

/**
 * Inside the write's transaction: adds `delta` to a member's `points` (API.md 4.1) and tells the durable
 * subscribers (ranks by points). Nothing happens for a zero delta or the guest.
 */
export async function changeUserPoints(
  trx: DbOrTx,
  context: Pick<AppContext, "events">,
  userID: number,
  delta: number,
): Promise<void> {
  if (delta === 0 || userID <= 0) return;
  await trx
    .updateTable("users")
    .set({ points: sql`"points" + ${delta}` })
    .where("userID", "=", userID)
    .execute();
  await context.events.emit(trx, "user.pointsChanged", { userID, delta });
}
