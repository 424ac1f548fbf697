import type { ServerApplication } from "@library/server/app/serverApplication";
import { conversationsApplication } from "../plugins/conversations/server/conversationsApplication";
import { dashboardApplication } from "./dashboard/server/dashboardApplication";
import { forumApplication } from "./forum/server/forumApplication";

/** The composition root: every application the server runs, in load order (dashboard owns accounts). */
export const serverApplications: ServerApplication[] = [
  dashboardApplication,
  forumApplication,
  conversationsApplication,
];
