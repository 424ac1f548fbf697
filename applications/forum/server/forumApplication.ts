import type { ServerApplication } from "@library/server/app/serverApplication";
import { homePageRoutes } from "./pages/homePage";

/** Discussions, comments, categories and the public pages of the community. */
export const forumApplication: ServerApplication = {
  key: "forum",
  name: "Forum",
  registerPages(app, context) {
    homePageRoutes(app, context);
  },
};
