import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) result.push(items.slice(index, index + CHUNK));
  return result;
}

/** Lowers users' stored counts by per-user amounts (never below zero). */
export async function lowerUserCounts(
  trx: DbOrTx,
  column: "countDiscussions" | "countComments",
  amounts: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [userID, amount] of amounts) {
    if (amount === 0) continue;
    await trx
      .updateTable("users")
      .set({
        [column]: sql`case when ${sql.ref(column)} > ${amount} then ${sql.ref(column)} - ${amount} else 0 end`,
      })
      .where("userID", "=", userID)
      .execute();
  }
}

async function countsByUser(
  trx: DbOrTx,
  table: "comments" | "discussions",
  discussionIDs: readonly number[],
): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom(table)
    .select("insertUserID")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("discussionID", "in", discussionIDs)
    .groupBy("insertUserID")
    .execute();
  return new Map(rows.map((row) => [row.insertUserID, Number(row.count)]));
}

/**
 * Deletes discussions with their comments and per-user rows, and lowers the authors' and commenters' counts.
 * Category counts are the caller's job (one category: `adjustCategoryCounts`; many: a recount).
 */
export async function removeDiscussions(trx: DbOrTx, discussionIDs: readonly number[]): Promise<void> {
  for (const ids of chunks([...new Set(discussionIDs)])) {
    await lowerUserCounts(trx, "countComments", await countsByUser(trx, "comments", ids));
    await lowerUserCounts(trx, "countDiscussions", await countsByUser(trx, "discussions", ids));
    await trx.deleteFrom("comments").where("discussionID", "in", ids).execute();
    await trx.deleteFrom("userDiscussions").where("discussionID", "in", ids).execute();
    await trx.deleteFrom("discussions").where("discussionID", "in", ids).execute();
  }
}
