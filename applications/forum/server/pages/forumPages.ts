import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { discussionPageRoutes } from "./discussionPage";
import { homePageRoutes } from "./homePage";
import { leavingPageRoutes } from "./leavingPage";
import { listPageRoutes } from "./listPages";
import { postPageRoutes } from "./postPages";

/** The forum's server-rendered pages (each switches to the single-page app when its layout flag is on). */
export function forumPages(app: FastifyInstance, context: AppContext): void {
  homePageRoutes(app, context);
  listPageRoutes(app, context);
  discussionPageRoutes(app, context);
  postPageRoutes(app, context);
  leavingPageRoutes(app, context);
}
