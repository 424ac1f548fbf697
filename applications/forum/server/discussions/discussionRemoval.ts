import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) result.push(items.slice(index, index + CHUNK));
  return result;
}

type UserCountColumn = "countDiscussions" | "countComments";

function lowered(column: UserCountColumn, amount: number) {
  return sql<number>`case when ${sql.ref(column)} > ${amount} then ${sql.ref(column)} - ${amount} else 0 end`;
}

/**
 * Lowers users' stored counts by per-user amounts (never below zero), one row per user in ascending userID
 * order (the lock order of library/server/db/writeTransaction.ts).
 */
export async function lowerAuthorCounts(
  trx: DbOrTx,
  amounts: Partial<Record<UserCountColumn, ReadonlyMap<number, number>>>,
): Promise<void> {
  const userIDs = new Set([
    ...(amounts.countComments?.keys() ?? []),
    ...(amounts.countDiscussions?.keys() ?? []),
  ]);
  for (const userID of [...userIDs].sort((a, b) => a - b)) {
    const comments = amounts.countComments?.get(userID) ?? 0;
    const discussions = amounts.countDiscussions?.get(userID) ?? 0;
    if (comments === 0 && discussions === 0) continue;
    await trx
      .updateTable("users")
      .set({
        ...(comments !== 0 ? { countComments: lowered("countComments", comments) } : {}),
        ...(discussions !== 0 ? { countDiscussions: lowered("countDiscussions", discussions) } : {}),
      })
      .where("userID", "=", userID)
      .execute();
  }
}

/** Lowers one of users' stored counts by per-user amounts (never below zero), in ascending userID order. */
export async function lowerUserCounts(
  trx: DbOrTx,
  column: UserCountColumn,
  amounts: ReadonlyMap<number, number>,
): Promise<void> {
  await lowerAuthorCounts(trx, { [column]: amounts });
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
 * Deletes discussions with their comments and per-user rows, and lowers the authors' and commenters' counts
 * (users last: the lock order). The caller has locked the discussions; category counts are its job too (one
 * category: `adjustCategoryCounts`; many: a recount).
 */
export async function removeDiscussions(trx: DbOrTx, discussionIDs: readonly number[]): Promise<void> {
  for (const ids of chunks([...new Set(discussionIDs)])) {
    const countComments = await countsByUser(trx, "comments", ids);
    const countDiscussions = await countsByUser(trx, "discussions", ids);
    await trx.deleteFrom("comments").where("discussionID", "in", ids).execute();
    await trx.deleteFrom("userDiscussions").where("discussionID", "in", ids).execute();
    await trx.deleteFrom("discussions").where("discussionID", "in", ids).execute();
    await lowerAuthorCounts(trx, { countComments, countDiscussions });
  }
}
