import { defineAddon } from "@library/server/addons/defineAddon";
import type { FastifyInstance } from "fastify";
import { IDEA_STATUS_CHANGED } from "./ideas/ideaCommands";
import { notifyIdeaVoters } from "./ideas/ideaNotifications";
import { IDEA_TYPE } from "./ideas/ideaQueries";
import { ideaRoutes } from "./ideas/ideaRoutes";
import { registerIdeaWidget } from "./ideas/ideaWidget";
import { ideationMigrations } from "./migrations/ideationMigrations";
import { seedIdeationDemo } from "./seed/ideationSeed";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "ideation.vote": true;
    "ideation.manage": true;
  }
}

/**
 * Ideation: the `idea` post type, up and down votes (one per member; changed or taken back) that move the
 * discussion's score (lists sort by it: `GET /discussions?type=idea&sort=-score`), statuses (pending,
 * accepted, rejected and administrators' own with colors) kept in the discussion's `statusID`, and a notice to
 * every voter when an idea's status changes. Disabling it removes the type, routes and widget; votes stay.
 */
export const ideationAddon = defineAddon({
  key: "ideation",
  migrations: ideationMigrations,
  permissions: {
    "ideation.vote": { label: "Vote on ideas", default: "member" },
    "ideation.manage": { label: "Set idea statuses and manage them", default: "moderator" },
  },
  register(registrar, context) {
    registrar.discussionType({ type: IDEA_TYPE, label: "Idea" });
    registrar.apiRoutes(async (api) => {
      await api.register(async (scope: FastifyInstance) => ideaRoutes(scope, context));
    });
    registerIdeaWidget(registrar);
    registrar.on(IDEA_STATUS_CHANGED, (event) => notifyIdeaVoters(context, event));
  },
  seedDemo: seedIdeationDemo,
});
