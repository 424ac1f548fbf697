import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { bookmarkPageRoutes } from "../bookmarks/bookmarkPages";
import { changeLogPageRoutes } from "../changeLog/changeLogPages";
import { draftPageRoutes } from "../drafts/draftPages";
import { mediaFileRoutes } from "../media/mediaFiles";
import { discussionPageRoutes } from "./discussionPage";
import { homePageRoutes } from "./homePage";
import { leavingPageRoutes } from "./leavingPage";
import { listPageRoutes } from "./listPages";
import { notificationsPageRoutes } from "../notifications/notificationsPage";
import { postPageRoutes } from "./postPages";
import { profilePageRoutes } from "../profiles/profilePages";
import { readStatePageRoutes } from "../readState/readStatePages";
import { reactionIconRoutes } from "../reactions/reactionIconRoutes";
import { tagPageRoutes } from "../tags/tagPages";

/** The forum's server-rendered pages (each switches to the single-page app when its layout flag is on). */
export function forumPages(app: FastifyInstance, context: AppContext): void {
  // What a guest reads is served from the anonymous micro-cache (library/server/http/guestCache.ts).
  context.guestCache.allowRoutes([
    "/",
    "/discussions",
    "/discussions/:page",
    "/categories",
    "/categories/:category",
    "/categories/:category/:page",
    "/discussion/:discussionID",
    "/discussion/:discussionID/:slug",
    "/discussion/:discussionID/:slug/:page",
  ]);
  homePageRoutes(app, context);
  listPageRoutes(app, context);
  tagPageRoutes(app, context);
  bookmarkPageRoutes(app, context);
  readStatePageRoutes(app, context);
  discussionPageRoutes(app, context);
  postPageRoutes(app, context);
  draftPageRoutes(app, context);
  changeLogPageRoutes(app, context);
  mediaFileRoutes(app, context);
  leavingPageRoutes(app, context);
  notificationsPageRoutes(app, context);
  profilePageRoutes(app, context);
  reactionIconRoutes(app);
}
