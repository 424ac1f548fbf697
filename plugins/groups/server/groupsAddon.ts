import { defineAddon } from "@library/server/addons/defineAddon";
import { discussionCreateHooks } from "@library/server/addons/discussionCreateHooks";
import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import { Type } from "@sinclair/typebox";
import { groupsRoutes } from "./groups/groupsRoutes";
import { groupEditPages } from "./pages/groupEditPages";
import { groupsPages } from "./pages/groupsPages";
import { groupDiscussionVisibility, postInGroup } from "./groups/groupVisibility";
import { attachGroupVisibilityCache } from "./groups/groupVisibilityCache";
import { NOTIFY_INVITATIONS_JOB } from "./groups/invitationCommands";
import { notifyInvitationsJob } from "./groups/invitationNotifications";
import { groupsMigrations } from "./migrations/groupsMigrations";
import { seedGroupsDemo } from "./seed/groupsSeed";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "groups.add": true;
    "groups.moderate": true;
  }
}

/**
 * Groups: public (anyone joins), private (visible; a leader approves requests) and secret (members only, by
 * invitation) groups with leaders, members, invitations and discussions of their own (`groupID` on
 * `POST /discussions`). The discussions of private and secret groups stay hidden from non-members everywhere,
 * even while the add-on is off.
 */
export const groupsAddon = defineAddon({
  key: "groups",
  migrations: groupsMigrations,
  permissions: {
    "groups.add": { label: "Create groups", default: "member" },
    "groups.moderate": { label: "Moderate every group", default: "moderator" },
  },
  register(registrar, context) {
    registrar.apiRoutes(groupsRoutes);
    registrar.pageRoutes(groupsPages);
    registrar.pageRoutes(groupEditPages);
    registrar.titleBarItem({ key: "groups", label: "Groups", href: "/groups" });
    registrar.presenter("discussion", {
      field: "groupID",
      schema: Type.Integer(),
      load: async (ids, _viewer, context) => {
        if (ids.length === 0) return new Map();
        // Every discussion the API answers with asks for its group: compiled once per number of discussions.
        const db = context.db;
        const rows = await executeCompiledOnce(
          db,
          `groupDiscussions:${ids.length}`,
          () =>
            db
              .selectFrom("groupDiscussions")
              .select(["discussionID", "groupID"])
              .where("discussionID", "in", [...ids]),
          [...ids],
        );
        return new Map(rows.map((row) => [row.discussionID, row.groupID]));
      },
    });
    registrar.extend((context, owner) => {
      attachGroupVisibilityCache(context);
      discussionVisibility(context).add(groupDiscussionVisibility, owner);
      discussionCreateHooks(context).add(postInGroup, owner);
    });
    registrar.job<{ invitationIDs: number[] }>(NOTIFY_INVITATIONS_JOB, (job) =>
      notifyInvitationsJob(context, job),
    );
  },
  seedDemo: seedGroupsDemo,
});
