import type { ServerApplication } from "@library/server/app/serverApplication";
import { dashboardApplication } from "./dashboard/server/dashboardApplication";
import { forumApplication } from "./forum/server/forumApplication";
import { importersApplication } from "./importers/server/importersApplication";

/**
 * The composition root: the core applications, always on, in load order (dashboard owns accounts). Add-ons are
 * not listed here: the server finds them as `plugins/<key>/addon.json`.
 */
export const serverApplications: ServerApplication[] = [
  dashboardApplication,
  forumApplication,
  importersApplication,
];
