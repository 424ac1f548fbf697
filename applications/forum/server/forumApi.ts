import type { AppContext } from "@library/server/app/appContext";
import { registerJunctionProvider } from "@library/server/permissions/roleGrants";
import { registerUserContentHandler } from "@library/server/users/userContentHandlers";
import type { FastifyInstance } from "fastify";
import { longRunnerRoutes } from "@library/server/longRunner/longRunnerRoutes";
import { bookmarksRoutes } from "./bookmarks/bookmarksRoutes";
import { bulkRoutes } from "./bulk/bulkRoutes";
import { categoriesRoutes } from "./categories/categoriesRoutes";
import { changeLogRoutes } from "./changeLog/changeLogRoutes";
import { collectionsRoutes } from "./collections/collectionsRoutes";
import { categoryJunctions } from "./categories/categoryPermissions";
import { invalidateCategoryTree } from "./categories/categoryTree";
import { commentsRoutes } from "./comments/commentsRoutes";
import { forumUserContentHandler } from "./content/userContent";
import { discussionOptionsRoutes } from "./discussions/discussionOptionsRoutes";
import { discussionsRoutes } from "./discussions/discussionsRoutes";
import { draftsRoutes } from "./drafts/draftsRoutes";
import { postTypesRoutes } from "./postTypes/postTypesRoutes";
import { mediaRoutes } from "./media/mediaRoutes";
import { defineNotificationJobs } from "./notifications/notificationJobs";
import { registerNotificationsCount } from "./notifications/notificationsCount";
import { notificationsRoutes } from "./notifications/notificationsRoutes";
import { notificationsStreamRoutes } from "./notifications/notificationsStream";
import { reactionsRoutes } from "./reactions/reactionsRoutes";
import { readStateRoutes } from "./readState/readStateRoutes";
import { registerTags } from "./tags/registerTags";
import { activityRoutes } from "./activity/activityRoutes";
import { keepRoleBadges } from "@library/server/users/roleBadges";
import { keepUserFragments } from "@library/server/users/userFragments";
import { keepReactionTypes } from "./reactions/reactionTypes";

/** The forum's `/api/v2` routes, its category permission aliases and its part in deleting a user. */
export function registerForumApi(api: FastifyInstance, context: AppContext): void {
  registerJunctionProvider("category", categoryJunctions);
  registerUserContentHandler("forum", async (trx, userID, method) => {
    await forumUserContentHandler(trx, userID, method, context.dialect);
    invalidateCategoryTree(context.db);
  });
  context.grants.invalidate();
  // The category tree (with its counts) is re-read at once after another process's write, as after this one's.
  context.caches.define({
    name: "category tree",
    dependsOn: ["category:*"],
    scope: "elsewhere",
    retire: () => invalidateCategoryTree(context.db),
  });
  keepReactionTypes(context);
  keepRoleBadges(context);
  keepUserFragments(context);
  // Guests reading lists and posts are served from the anonymous micro-cache (library/server/http/guestCache.ts).
  context.guestCache.allowRoutes(
    [
      "/discussions",
      "/discussions/:id",
      "/comments",
      "/comments/:id",
      "/categories",
      "/categories/search",
      "/categories/:id",
    ].map((path) => `/api/v2${path}`),
  );
  categoriesRoutes(api, context);
  discussionsRoutes(api, context);
  discussionOptionsRoutes(api, context);
  commentsRoutes(api, context);
  registerNotificationsCount(context);
  defineNotificationJobs(context);
  notificationsRoutes(api, context);
  notificationsStreamRoutes(api, context);
  reactionsRoutes(api, context);
  bookmarksRoutes(api, context);
  readStateRoutes(api, context);
  draftsRoutes(api, context);
  postTypesRoutes(api, context);
  mediaRoutes(api, context);
  activityRoutes(api, context);
  changeLogRoutes(api, context);
  collectionsRoutes(api, context);
  longRunnerRoutes(api, context);
  bulkRoutes(api, context);
  registerTags(api, context);
}
