import type { ServerApplication } from "@library/server/app/serverApplication";
import { registerForumApi } from "./forumApi";
import { FORUM_RATE_LIMITS } from "./forumRateLimits";
import { exportForumData } from "./privacy/forumDataExport";
import { fragmentsRoutes } from "./layouts/fragmentsRoutes";
import { LAYOUTS_DASHBOARD_SECTION } from "./layouts/layoutsDashboardSection";
import { layoutsRoutes } from "./layouts/layoutsRoutes";
import { forumMigrations } from "./migrations/forumMigrations";
import { registerModeration } from "./moderation/registerModeration";
import { forumPages } from "./pages/forumPages";
import { recountForum } from "./recount/forumRecount";
import { seedForumDemo } from "./seed/forumSeed";
import "./forumServicesProvided";

/** Discussions, comments, categories and the public pages of the community. */
export const forumApplication: ServerApplication = {
  key: "forum",
  name: "Forum",
  migrations: forumMigrations,
  registerApi(api, context) {
    registerForumApi(api, context);
    layoutsRoutes(api, context);
    fragmentsRoutes(api, context);
  },
  registerPages: forumPages,
  register(registrar) {
    registerModeration(registrar);
    registrar.dashboardSection(LAYOUTS_DASHBOARD_SECTION);
    registrar.extend((context, owner) => {
      for (const rule of FORUM_RATE_LIMITS) context.rateLimits.declare(rule, owner);
      context.personalData.add(exportForumData, owner);
    });
  },
  seedDemo: seedForumDemo,
  recount: recountForum,
};
