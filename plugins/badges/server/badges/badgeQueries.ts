import type { DbOrTx } from "@library/server/db/database";
import { toApiDate } from "@library/server/http/dates";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { BadgeRecipient, LeaderboardEntry, UserBadge } from "../../api/badgesApi";
import { presentBadge } from "./badgeRows";
import "../tables";

/** The badges a member holds, newest first. */
export async function listUserBadges(db: DbOrTx, userID: number): Promise<UserBadge[]> {
  const rows = await db
    .selectFrom("userBadges")
    .innerJoin("badges", "badges.badgeID", "userBadges.badgeID")
    .selectAll("badges")
    .select(["userBadges.dateInserted as dateAwarded", "userBadges.reason"])
    .where("userBadges.userID", "=", userID)
    .orderBy("userBadges.dateInserted", "desc")
    .orderBy("badges.badgeID")
    .execute();
  return rows.map(({ dateAwarded, reason, ...badge }) => ({
    badge: presentBadge(badge),
    userID,
    dateInserted: toApiDate(dateAwarded),
    reason,
  }));
}

/** One page of a badge's holders, newest first, and how many there are. */
export async function listRecipients(
  db: DbOrTx,
  badgeID: number,
  page: number,
  limit: number,
): Promise<BadgeRecipient[]> {
  const rows = await db
    .selectFrom("userBadges")
    .innerJoin("users", "users.userID", "userBadges.userID")
    .select(["userBadges.userID", "userBadges.dateInserted", "userBadges.reason"])
    .where("userBadges.badgeID", "=", badgeID)
    .where("users.deleted", "=", 0)
    .orderBy("userBadges.dateInserted", "desc")
    .orderBy("userBadges.userID")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const users = await loadUserFragments(
    db,
    rows.map((row) => row.userID),
  );
  return rows.map((row) => ({
    user: userFragmentOf(users, row.userID),
    dateInserted: toApiDate(row.dateInserted),
    reason: row.reason,
  }));
}

/** The members with the most points (reactions received, badges), most first; members without points are left out. */
export async function leaderboard(db: DbOrTx, limit: number): Promise<LeaderboardEntry[]> {
  const rows = await db
    .selectFrom("users")
    .select(["userID", "points"])
    .where("deleted", "=", 0)
    .where("banned", "=", 0)
    .where("points", ">", 0)
    .orderBy("points", "desc")
    .orderBy("userID")
    .limit(limit)
    .execute();
  const users = await loadUserFragments(
    db,
    rows.map((row) => row.userID),
  );
  return rows.map((row) => ({ user: userFragmentOf(users, row.userID), points: row.points }));
}
