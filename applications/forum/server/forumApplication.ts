import type { ServerApplication } from "@library/server/app/serverApplication";
import { forumPages } from "./pages/forumPages";

/** Discussions, comments, categories and the public pages of the community. */
export const forumApplication: ServerApplication = {
  key: "forum",
  name: "Forum",
  registerPages: forumPages,
};
