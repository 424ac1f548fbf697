import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { homePageRoutes } from "./homePage";
import { leavingPageRoutes } from "./leavingPage";

/** The forum's server-rendered pages. */
export function forumPages(app: FastifyInstance, context: AppContext): void {
  homePageRoutes(app, context);
  leavingPageRoutes(app, context);
}
