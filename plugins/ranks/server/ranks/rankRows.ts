import type { Rank } from "../../api/ranksApi";
import type { DbOrTx } from "@library/server/db/database";
import type { Selectable } from "kysely";
import type { RankTable } from "../tables";
import "../tables";

export type RankRow = Selectable<RankTable>;

export function presentRank(row: RankRow, countUsers: number): Rank {
  return {
    rankID: row.rankID,
    name: row.name,
    userTitle: row.userTitle,
    label: row.label,
    labelHtml: row.labelHtml,
    level: row.level,
    manual: row.manual === 1,
    criteria: {
      ...(row.minPosts !== null ? { posts: row.minPosts } : {}),
      ...(row.minPoints !== null ? { points: row.minPoints } : {}),
      ...(row.minDaysSinceJoin !== null ? { daysSinceJoin: row.minDaysSinceJoin } : {}),
      ...(row.roleID !== null ? { roleID: row.roleID } : {}),
    },
    abilities: { links: row.allowLinks === 1 },
    countUsers,
  };
}

/** How many members hold each rank, in one query. */
async function holderCounts(db: DbOrTx, rankIDs: readonly number[]): Promise<Map<number, number>> {
  if (rankIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom("userRanks")
    .select(["rankID", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("rankID", "in", rankIDs)
    .groupBy("rankID")
    .execute();
  return new Map(rows.map((row) => [row.rankID, Number(row.count)]));
}

/** Every rank, lowest level first. */
export async function listRanks(db: DbOrTx): Promise<Rank[]> {
  const rows = await db.selectFrom("ranks").selectAll().orderBy("level").execute();
  const counts = await holderCounts(
    db,
    rows.map((row) => row.rankID),
  );
  return rows.map((row) => presentRank(row, counts.get(row.rankID) ?? 0));
}

export async function getRank(db: DbOrTx, rankID: number): Promise<Rank | undefined> {
  const row = await db.selectFrom("ranks").selectAll().where("rankID", "=", rankID).executeTakeFirst();
  if (!row) return undefined;
  return presentRank(row, (await holderCounts(db, [rankID])).get(rankID) ?? 0);
}
