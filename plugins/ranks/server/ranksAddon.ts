import { defineAddon } from "@library/server/addons/defineAddon";
import { defineDailyJob, startDailyJob } from "@library/server/jobs/dailyJobs";
import { ranksMigrations } from "./migrations/ranksMigrations";
import { RECOMPUTE_ALL_JOB, RECOMPUTE_USER_JOB } from "./ranks/rankCommands";
import { recomputeAllRanks, recomputeUserRank } from "./ranks/rankEarning";
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
    registrar.on("discussion.created", ({ insertUserID }) => recomputeUserRank(context, insertUserID));
    registrar.on("comment.created", ({ insertUserID }) => recomputeUserRank(context, insertUserID));
    registrar.on("user.pointsChanged", ({ userID }) => recomputeUserRank(context, userID));
    registrar.job(RECOMPUTE_ALL_JOB, () => recomputeAllRanks(context));
    registrar.job<{ userID: number }>(RECOMPUTE_USER_JOB, ({ userID }) => recomputeUserRank(context, userID));
    registrar.extend(async (context, owner) => {
      defineDailyJob(context, DAILY_JOB, () => recomputeAllRanks(context), owner);
      await startDailyJob(context, DAILY_JOB);
    });
  },
  seedDemo: seedRanksDemo,
});
