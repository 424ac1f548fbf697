import type { Group, GroupPrivacy } from "../../api/groupsApi";
import { groupUrl } from "../../api/groupsApi";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import { moderatesGroups, type GroupRow } from "./groupAccess";

/**
 * Groups as the API shows them, with the viewer's place in each (three queries for the whole page). The discussion
 * count of a private group is told only to those who see its discussions (members, moderators): 0 for others.
 */
export async function presentGroups(db: DbOrTx, viewer: Viewer, rows: readonly GroupRow[]): Promise<Group[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.groupID);
  const member = viewer.isGuest
    ? { roles: [], requests: [], invitations: [] }
    : {
        roles: await db
          .selectFrom("groupMembers")
          .select(["groupID", "role"])
          .where("userID", "=", viewer.userID)
          .where("groupID", "in", ids)
          .execute(),
        requests: await db
          .selectFrom("groupRequests")
          .select("groupID")
          .where("userID", "=", viewer.userID)
          .where("groupID", "in", ids)
          .execute(),
        invitations: await db
          .selectFrom("groupInvitations")
          .select("groupID")
          .where("userID", "=", viewer.userID)
          .where("groupID", "in", ids)
          .execute(),
      };
  const roles = new Map(member.roles.map((row) => [row.groupID, row.role]));
  const requested = new Set(member.requests.map((row) => row.groupID));
  const invited = new Set(member.invitations.map((row) => row.groupID));
  return rows.map((row) => {
    const role = roles.get(row.groupID);
    return {
      groupID: row.groupID,
      name: row.name,
      description: row.description,
      privacy: row.privacy as GroupPrivacy,
      url: groupUrl(row.groupID, row.name),
      insertUserID: row.insertUserID,
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
      countMembers: row.countMembers,
      countDiscussions:
        row.privacy === "public" || role !== undefined || moderatesGroups(viewer) ? row.countDiscussions : 0,
      viewerStatus:
        role === "leader" || role === "member"
          ? role
          : invited.has(row.groupID)
            ? "invited"
            : requested.has(row.groupID)
              ? "requested"
              : "none",
    };
  });
}
