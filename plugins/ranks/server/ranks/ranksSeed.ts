import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { nameKey } from "@library/server/users/createUserRecord";
import { recomputeAllRanks } from "./rankEarning";
import "../tables";

/** The demo's ranks: two earned by posting (and points), one a moderator gives. */
const DEMO_RANKS = [
  { name: "Regular", userTitle: "Regular", label: "Regular", labelHtml: "Regular", level: 1, minPosts: 2 },
  {
    name: "Veteran",
    userTitle: "Veteran",
    label: "Veteran",
    labelHtml: "<strong>Veteran</strong>",
    level: 2,
    minPosts: 5,
    minPoints: 3,
  },
  {
    name: "Community Leader",
    userTitle: "Community Leader",
    label: "Leader",
    labelHtml: "<em>Leader</em>",
    level: 3,
    manual: 1,
  },
] as const;

/** The member the demo makes a Community Leader by hand. */
const DEMO_LEADER = "Maya Chen";

/** Ranks for the demo community, and each demo member's rank. */
export async function seedRanksDemo(context: AppContext): Promise<void> {
  const existing = await context.db.selectFrom("ranks").select("rankID").executeTakeFirst();
  if (existing) return;
  const now = nowIso();
  for (const rank of DEMO_RANKS)
    await context.db
      .insertInto("ranks")
      .values({
        minPosts: null,
        minPoints: null,
        minDaysSinceJoin: null,
        roleID: null,
        manual: 0,
        allowLinks: 0,
        ...rank,
        dateInserted: now,
        dateUpdated: null,
      })
      .execute();
  const leader = await context.db
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(DEMO_LEADER))
    .executeTakeFirst();
  const leaderRank = await context.db
    .selectFrom("ranks")
    .select("rankID")
    .where("name", "=", "Community Leader")
    .executeTakeFirstOrThrow();
  if (leader)
    await context.db
      .insertInto("userRanks")
      .values({ userID: leader.userID, rankID: leaderRank.rankID, manual: 1, dateUpdated: now })
      .execute();
  await recomputeAllRanks(context);
}
