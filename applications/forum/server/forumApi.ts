import type { AppContext } from "@library/server/app/appContext";
import { registerJunctionProvider } from "@library/server/permissions/roleGrants";
import { registerUserContentHandler } from "@library/server/users/userContentHandlers";
import type { FastifyInstance } from "fastify";
import { categoriesRoutes } from "./categories/categoriesRoutes";
import { categoryJunctions } from "./categories/categoryPermissions";
import { invalidateCategoryTree } from "./categories/categoryTree";
import { commentsRoutes } from "./comments/commentsRoutes";
import { forumUserContentHandler } from "./content/userContent";
import { discussionsRoutes } from "./discussions/discussionsRoutes";

/** The forum's `/api/v2` routes, its category permission aliases and its part in deleting a user. */
export function registerForumApi(api: FastifyInstance, context: AppContext): void {
  registerJunctionProvider("category", categoryJunctions);
  registerUserContentHandler("forum", async (trx, userID, method) => {
    await forumUserContentHandler(trx, userID, method);
    invalidateCategoryTree(context.db);
  });
  context.grants.invalidate();
  categoriesRoutes(api, context);
  discussionsRoutes(api, context);
  commentsRoutes(api, context);
}
