import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";
import { softDeleteDiscussions } from "../changeLog/changeLogWrites";

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
    .where("deleteLogID", "is", null)
    .groupBy("insertUserID")
    .execute();
  return new Map(rows.map((row) => [row.insertUserID, Number(row.count)]));
}

/**
 * Deletes discussions with their comments (soft: the rows stay, marked by a change log entry a moderator can
 * restore, so no ID is reused) and lowers the authors' and commenters' counts (users last: the lock order).
 * Per-member rows (bookmarks, read state) stay for a restore; every list leaves deleted discussions out. The
 * caller has locked the discussions; category counts are its job too (one category: `adjustCategoryCounts`;
 * many: a recount).
 */
export async function removeDiscussions(
  trx: DbOrTx,
  discussionIDs: readonly number[],
  actorUserID: number,
): Promise<void> {
  for (const ids of chunks([...new Set(discussionIDs)])) {
    const rows = await trx
      .selectFrom("discussions")
      .selectAll()
      .where("discussionID", "in", ids)
      .where("deleteLogID", "is", null)
      .orderBy("discussionID")
      .execute();
    const live = rows.map((row) => row.discussionID);
    if (live.length === 0) continue;
    const countComments = await countsByUser(trx, "comments", live);
    const countDiscussions = await countsByUser(trx, "discussions", live);
    await softDeleteDiscussions(trx, rows, actorUserID);
    await lowerAuthorCounts(trx, { countComments, countDiscussions });
  }
}

/**
 * Deletes discussions for good, with their comments, per-member rows and change log entries: for a category
 * deleted with its content, whose discussions cannot outlive it. Live ones are counted out first.
 */
export async function purgeDiscussions(
  trx: DbOrTx,
  discussionIDs: readonly number[],
  actorUserID: number,
): Promise<void> {
  await removeDiscussions(trx, discussionIDs, actorUserID);
  for (const ids of chunks([...new Set(discussionIDs)])) {
    await trx
      .deleteFrom("changeLog")
      .where((eb) =>
        eb.or([
          eb.and([eb("recordType", "=", "discussion"), eb("recordID", "in", ids)]),
          eb.and([eb("recordType", "=", "comment"), eb("parentRecordID", "in", ids)]),
        ]),
      )
      .execute();
    await trx.deleteFrom("comments").where("discussionID", "in", ids).execute();
    await trx.deleteFrom("userDiscussions").where("discussionID", "in", ids).execute();
    await trx.deleteFrom("discussions").where("discussionID", "in", ids).execute();
  }
}
