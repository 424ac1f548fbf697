import { defineAddon } from "@library/server/addons/defineAddon";
import { defineDailyJob, startDailyJob } from "@library/server/jobs/dailyJobs";
import { awardAnniversaries, awardEarnedBadges } from "./badges/badgeAwards";
import { badgesRoutes } from "./badges/badgesRoutes";
import { seedBadgesDemo } from "./badges/badgesSeed";
import { badgesMigrations } from "./migrations/badgesMigrations";
import { registerBadgeSlots, LEADERBOARD_SIZE_SETTING } from "./pages/badgeSlots";
import { badgesPages } from "./pages/badgesPages";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "badges.award": true;
  }
}

/** The daily run that awards anniversaries. */
const DAILY_JOB = "badges.daily";

/**
 * Badges members earn by rule (first post, comments, reactions received, anniversaries) or that moderators
 * award: jobs award each once (one row per badge and member), with its points and one notification; badge pages,
 * badges on profiles and a points leaderboard on the home page. Disabling the add-on hides all of it and keeps
 * the badges and awards.
 */
export const badgesAddon = defineAddon({
  key: "badges",
  migrations: badgesMigrations,
  settings: {
    [LEADERBOARD_SIZE_SETTING]: {
      type: "integer",
      label: "Members on the home page's leaderboard",
      description: "0 hides the leaderboard.",
      default: 5,
    },
  },
  permissions: {
    "badges.award": { label: "Award and take back badges", default: "moderator" },
  },
  register(registrar, context) {
    registrar.apiRoutes(badgesRoutes);
    registrar.pageRoutes(badgesPages);
    registerBadgeSlots(registrar);
    registrar.on("discussion.created", ({ insertUserID }) =>
      awardEarnedBadges(context, insertUserID, ["firstPost"]),
    );
    registrar.on("comment.created", ({ insertUserID }) =>
      awardEarnedBadges(context, insertUserID, ["firstPost", "comments"]),
    );
    registrar.on("reaction.added", ({ recordUserID }) =>
      awardEarnedBadges(context, recordUserID, ["reactions"]),
    );
    registrar.extend(async (context, owner) => {
      defineDailyJob(context, DAILY_JOB, () => awardAnniversaries(context), owner);
      await startDailyJob(context, DAILY_JOB);
    });
  },
  seedDemo: seedBadgesDemo,
});
