import { defineAddon } from "@library/server/addons/defineAddon";
import { recordNames, type RecordName } from "@library/server/cache/recordNames";
import { defineDailyJob, startDailyJob } from "@library/server/jobs/dailyJobs";
import type { JobInfo } from "@library/server/jobs/jobQueue";
import { awardAnniversaries, awardEarnedBadges } from "./badges/badgeAwards";
import { badgesRoutes } from "./badges/badgesRoutes";
import { seedBadgesDemo } from "./badges/badgesSeed";
import { badgesMigrations } from "./migrations/badgesMigrations";
import { registerBadgeSlots, LEADERBOARD_SIZE_SETTING } from "./pages/badgeSlots";
import { badgesPages } from "./pages/badgesPages";
import "./tables";
import type { BadgeType } from "../api/badgesApi";

/** A badge award changes the member's public record (badges, points) and their own notifications. */
function namesOfAwarded(userID: number): RecordName[] {
  return [recordNames.user(userID), recordNames.member(userID)];
}

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
    registrar.dashboardSection({
      key: "badges",
      path: "badges",
      label: "Badges",
      group: "Members",
      component: "BadgesSection",
      permission: "site.manage",
      sort: 32,
    });
    // Each job names the members who got a badge (their profile, points and notifications), nothing otherwise.
    const award = async (userID: number, types: readonly BadgeType[], job: JobInfo) =>
      job.noteChanged(...((await awardEarnedBadges(context, userID, types)) ? namesOfAwarded(userID) : []));
    registrar.on("discussion.created", ({ insertUserID }, job) => award(insertUserID, ["firstPost"], job));
    registrar.on("comment.created", ({ insertUserID }, job) =>
      award(insertUserID, ["firstPost", "comments"], job),
    );
    registrar.on("reaction.added", ({ recordUserID }, job) => award(recordUserID, ["reactions"], job));
    registrar.extend(async (context, owner) => {
      defineDailyJob(
        context,
        DAILY_JOB,
        async (job) => job.noteChanged(...(await awardAnniversaries(context)).flatMap(namesOfAwarded)),
        owner,
      );
      await startDailyJob(context, DAILY_JOB);
    });
  },
  seedDemo: seedBadgesDemo,
});
