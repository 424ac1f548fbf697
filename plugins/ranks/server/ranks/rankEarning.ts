import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { nowIso } from "@library/server/http/dates";
import type { Database } from "@library/server/db/database";
import type { SelectQueryBuilder } from "kysely";
import type { RankRow } from "./rankRows";
import "../tables";

const DAY_MS = 24 * 60 * 60 * 1000;

type UserIDQuery = SelectQueryBuilder<Database, "users", { userID: number }>;

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

/** Members recomputed in one transaction. */
const BATCH_SIZE = 200;

/** Each member's facts, read for a batch at once (deleted members are left out). */
async function factsOf(
  trx: DbOrTx,
  userIDs: readonly number[],
  now: number,
): Promise<Map<number, MemberFacts>> {
  const users = await trx
    .selectFrom("users")
    .select(["userID", "countDiscussions", "countComments", "points", "dateInserted"])
    .where("userID", "in", userIDs)
    .where("deleted", "=", 0)
    .execute();
  const roles = await trx
    .selectFrom("userRoles")
    .select(["userID", "roleID"])
    .where("userID", "in", userIDs)
    .execute();
  const facts = new Map<number, MemberFacts>();
  for (const user of users)
    facts.set(user.userID, {
      posts: user.countDiscussions + user.countComments,
      points: user.points,
      daysSinceJoin: Math.floor((now - new Date(user.dateInserted).getTime()) / DAY_MS),
      roleIDs: new Set(roles.filter((role) => role.userID === user.userID).map((role) => role.roleID)),
    });
  return facts;
}

/**
 * Gives each member the highest rank they qualify for (or none), one transaction for the whole batch; a rank a
 * moderator gave by hand stays. Running it twice changes nothing more (jobs may run again). Returns the members
 * whose rank changed.
 */
async function recomputeRanksOf(context: AppContext, userIDs: readonly number[]): Promise<number[]> {
  if (userIDs.length === 0) return [];
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const held = new Map(
      (await trx.selectFrom("userRanks").selectAll().where("userID", "in", userIDs).execute()).map((row) => [
        row.userID,
        row,
      ]),
    );
    const ranks = await trx.selectFrom("ranks").selectAll().orderBy("level", "desc").execute();
    const facts = await factsOf(trx, userIDs, Date.now());
    const changed: number[] = [];
    for (const userID of userIDs) {
      const current = held.get(userID);
      if (current?.manual === 1) continue;
      const member = facts.get(userID);
      const earned = member ? ranks.find((rank) => qualifies(rank, member)) : undefined;
      if (!earned) {
        if (!current) continue;
        await trx.deleteFrom("userRanks").where("userID", "=", userID).execute();
        changed.push(userID);
        continue;
      }
      if (current?.rankID === earned.rankID) continue;
      await trx
        .insertInto("userRanks")
        .values({ userID, rankID: earned.rankID, manual: 0, dateUpdated: nowIso() })
        .onConflict((conflict) =>
          conflict.column("userID").doUpdateSet({ rankID: earned.rankID, manual: 0, dateUpdated: nowIso() }),
        )
        .execute();
      changed.push(userID);
    }
    return changed;
  });
}

/** Recomputes one member's rank (after they post, or their points change); returns whether it changed. */
export async function recomputeUserRank(context: AppContext, userID: number): Promise<boolean> {
  return (await recomputeRanksOf(context, [userID])).length > 0;
}

/**
 * Recomputes, batch by batch, the members `where` selects (by id order, so a batch's transaction stays short);
 * returns those whose rank changed.
 */
async function recomputeInBatches(
  context: AppContext,
  where: (query: UserIDQuery) => UserIDQuery,
): Promise<number[]> {
  const changed: number[] = [];
  let after = 0;
  for (;;) {
    const batch = await where(
      context.db.selectFrom("users").select("userID").where("userID", ">", after).where("deleted", "=", 0),
    )
      .orderBy("userID")
      .limit(BATCH_SIZE)
      .execute();
    if (batch.length === 0) return changed;
    changed.push(
      ...(await recomputeRanksOf(
        context,
        batch.map((row) => row.userID),
      )),
    );
    after = batch[batch.length - 1]?.userID ?? after;
  }
}

/** Every member's rank again (the ranks changed), in batches. */
export async function recomputeAllRanks(context: AppContext): Promise<number[]> {
  return recomputeInBatches(context, (query) => query);
}

/**
 * The daily run: only ranks that ask for days since joining change with time, so only the members who crossed one
 * of those thresholds since the last run (`lastRun`, a day of margin; everyone old enough before the first run)
 * are recomputed, in batches. Nothing at all when no rank depends on membership age.
 */
export async function recomputeRanksByAge(context: AppContext, lastRun: Date | null): Promise<number[]> {
  const thresholds = (
    await context.db
      .selectFrom("ranks")
      .select("minDaysSinceJoin")
      .distinct()
      .where("manual", "=", 0)
      .where("minDaysSinceJoin", "is not", null)
      .execute()
  ).flatMap((row) => (row.minDaysSinceJoin === null ? [] : [row.minDaysSinceJoin]));
  if (thresholds.length === 0) return [];
  const now = Date.now();
  const since = lastRun ? lastRun.getTime() - DAY_MS : null;
  const iso = (time: number) => new Date(time).toISOString();
  return recomputeInBatches(context, (query) =>
    query.where((eb) =>
      eb.or(
        thresholds.map((days) =>
          eb.and([
            eb("dateInserted", "<=", iso(now - days * DAY_MS)),
            ...(since === null ? [] : [eb("dateInserted", ">", iso(since - days * DAY_MS))]),
          ]),
        ),
      ),
    ),
  );
}
