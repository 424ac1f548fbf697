import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { nameKey } from "@library/server/users/createUserRecord";
import { awardBadge, awardEarnedBadges } from "./badgeAwards";
import "../tables";

/** A manual badge of the demo and the member who received it. */
const DEMO_HELPER = { member: "Priya Nair", slug: "helpful", name: "Helpful", icon: "🤝", points: 5 };

/**
 * The demo's badges: everything the demo members already earned by posting, and one manual badge awarded by hand,
 * so the leaderboard and profiles show badges at once.
 */
export async function seedBadgesDemo(context: AppContext): Promise<void> {
  const existing = await context.db
    .selectFrom("badges")
    .select("badgeID")
    .where("slug", "=", DEMO_HELPER.slug)
    .executeTakeFirst();
  if (!existing)
    await context.db
      .insertInto("badges")
      .values({
        slug: DEMO_HELPER.slug,
        name: DEMO_HELPER.name,
        description: "Went out of their way to help another member.",
        icon: DEMO_HELPER.icon,
        type: "manual",
        threshold: null,
        points: DEMO_HELPER.points,
        countRecipients: 0,
        dateInserted: nowIso(),
      })
      .execute();
  const members = await context.db
    .selectFrom("users")
    .select(["userID", "nameKey"])
    .where("deleted", "=", 0)
    .execute();
  for (const member of members)
    await awardEarnedBadges(context, member.userID, ["firstPost", "comments", "reactions", "anniversary"]);
  const helper = members.find((member) => member.nameKey === nameKey(DEMO_HELPER.member));
  const badge = await context.db
    .selectFrom("badges")
    .selectAll()
    .where("slug", "=", DEMO_HELPER.slug)
    .executeTakeFirstOrThrow();
  if (helper)
    await awardBadge(context, badge, helper.userID, {
      insertUserID: null,
      reason: "Answered many questions in Getting Started.",
    });
}
