import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { nowIso } from "@library/server/http/dates";
import type { RankRow } from "./rankRows";
import "../tables";

const DAY_MS = 24 * 60 * 60 * 1000;

interface MemberFacts {
  posts: number;
  points: number;
  daysSinceJoin: number;
  roleIDs: ReadonlySet<number>;
}

/** True when the member meets every criterion the rank sets (a manual rank is never earned). */
export function qualifies(rank: RankRow, member: MemberFacts): boolean {
  if (rank.manual === 1) return false;
  if (rank.minPosts !== null && member.posts < rank.minPosts) return false;
  if (rank.minPoints !== null && member.points < rank.minPoints) return false;
  if (rank.minDaysSinceJoin !== null && member.daysSinceJoin < rank.minDaysSinceJoin) return false;
  if (rank.roleID !== null && !member.roleIDs.has(rank.roleID)) return false;
  return true;
}

async function memberFacts(trx: DbOrTx, userID: number): Promise<MemberFacts | undefined> {
  const user = await trx
    .selectFrom("users")
    .select(["countDiscussions", "countComments", "points", "dateInserted"])
    .where("userID", "=", userID)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await trx.selectFrom("userRoles").select("roleID").where("userID", "=", userID).execute();
  return {
    posts: user.countDiscussions + user.countComments,
    points: user.points,
    daysSinceJoin: Math.floor((Date.now() - new Date(user.dateInserted).getTime()) / DAY_MS),
    roleIDs: new Set(roles.map((role) => role.roleID)),
  };
}

/**
 * Gives a member the highest rank they qualify for (or none), in one transaction; a rank a moderator gave by hand
 * stays. Running it twice changes nothing more (jobs may run again).
 */
/** Returns whether the member's rank changed. */
export async function recomputeUserRank(context: AppContext, userID: number): Promise<boolean> {
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const current = await trx
      .selectFrom("userRanks")
      .selectAll()
      .where("userID", "=", userID)
      .executeTakeFirst();
    if (current?.manual === 1) return false;
    const facts = await memberFacts(trx, userID);
    const ranks = await trx.selectFrom("ranks").selectAll().orderBy("level", "desc").execute();
    const earned = facts ? ranks.find((rank) => qualifies(rank, facts)) : undefined;
    if (!earned) {
      if (!current) return false;
      await trx.deleteFrom("userRanks").where("userID", "=", userID).execute();
      return true;
    }
    if (current?.rankID === earned.rankID) return false;
    await trx
      .insertInto("userRanks")
      .values({ userID, rankID: earned.rankID, manual: 0, dateUpdated: nowIso() })
      .onConflict((conflict) =>
        conflict.column("userID").doUpdateSet({ rankID: earned.rankID, manual: 0, dateUpdated: nowIso() }),
      )
      .execute();
    return true;
  });
}

/** Every member's rank again (ranks changed, or a day passed for ranks by membership age), in batches. */
export async function recomputeAllRanks(context: AppContext): Promise<number[]> {
  const changed: number[] = [];
  let after = 0;
  for (;;) {
    const batch = await context.db
      .selectFrom("users")
      .select("userID")
      .where("userID", ">", after)
      .where("deleted", "=", 0)
      .orderBy("userID")
      .limit(500)
      .execute();
    if (batch.length === 0) return changed;
    for (const { userID } of batch) if (await recomputeUserRank(context, userID)) changed.push(userID);
    after = batch[batch.length - 1]?.userID ?? after;
  }
}
