import { defineAddon } from "@library/server/addons/defineAddon";
import { recordNames } from "@library/server/cache/recordNames";
import { defineDailyJob, startDailyJob } from "@library/server/jobs/dailyJobs";
import type { JobInfo } from "@library/server/jobs/jobQueue";
import { ranksMigrations } from "./migrations/ranksMigrations";
import { RECOMPUTE_ALL_JOB, RECOMPUTE_USER_JOB } from "./ranks/rankCommands";
import { recomputeAllRanks, recomputeRanksByAge, recomputeUserRank } from "./ranks/rankEarning";
import { rankLabelLoader, SHOW_LABELS_SETTING, userRankField } from "./ranks/rankLabels";
import { rankLinksValidator } from "./ranks/rankLinks";
import { ranksRoutes } from "./ranks/ranksRoutes";
import { seedRanksDemo } from "./ranks/ranksSeed";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "ranks.assign": true;
  }
}

/** The daily run that follows ranks by membership age. */
const DAILY_JOB = "ranks.daily";

/**
 * Ranks members earn (posts, points, days since joining, a role) or that moderators give: the label beside their
 * name on posts, profiles and cards, `rank` on users, and abilities such as posting links. A member's rank is
 * recomputed by jobs after they post or their points change. Disabling the add-on hides labels and lifts the
 * abilities' limits; the ranks stay.
 */
export const ranksAddon = defineAddon({
  key: "ranks",
  migrations: ranksMigrations,
  settings: {
    [SHOW_LABELS_SETTING]: {
      type: "boolean",
      label: "Show rank labels beside names",
      description: "On posts, profiles and profile cards.",
      default: true,
    },
  },
  permissions: {
    "ranks.assign": { label: "Give members a rank by hand", default: "moderator" },
  },
  register(registrar, context) {
    registrar.apiRoutes(ranksRoutes);
    registrar.userLabel(rankLabelLoader);
    registrar.presenter("user", userRankField);
    registrar.postValidator(rankLinksValidator);
    registrar.dashboardSection({
      key: "ranks",
      path: "ranks",
      label: "Ranks",
      group: "Members",
      component: "RanksSection",
      permission: "site.manage",
      sort: 31,
    });
    // Each job names the members whose rank (so whose label on every page) changed, and nothing otherwise.
    const recomputeOne = async (userID: number, job: JobInfo) =>
      job.noteChanged(...((await recomputeUserRank(context, userID)) ? [recordNames.user(userID)] : []));
    const recomputeAll = async (job: JobInfo) =>
      job.noteChanged(...(await recomputeAllRanks(context)).map((userID) => recordNames.user(userID)));
    registrar.on("discussion.created", ({ insertUserID }, job) => recomputeOne(insertUserID, job));
    registrar.on("comment.created", ({ insertUserID }, job) => recomputeOne(insertUserID, job));
    registrar.on("user.pointsChanged", ({ userID }, job) => recomputeOne(userID, job));
    registrar.job(RECOMPUTE_ALL_JOB, (_payload, job) => recomputeAll(job));
    registrar.job<{ userID: number }>(RECOMPUTE_USER_JOB, ({ userID }, job) => recomputeOne(userID, job));
    registrar.extend(async (context, owner) => {
      // Once a day, the members who crossed a rank's days-since-joining threshold (nothing without such a rank).
      defineDailyJob(
        context,
        DAILY_JOB,
        async (job, lastRun) =>
          job.noteChanged(
            ...(await recomputeRanksByAge(context, lastRun)).map((userID) => recordNames.user(userID)),
          ),
        owner,
      );
      await startDailyJob(context, DAILY_JOB);
    });
  },
  seedDemo: seedRanksDemo,
});
