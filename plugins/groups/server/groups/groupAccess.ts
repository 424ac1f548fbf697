import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { ForbiddenError, NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Selectable } from "kysely";
import type { GroupTable } from "../tables";
import "../tables";

export type GroupRow = Selectable<GroupTable>;

export const GROUP_NOT_FOUND = "Group";

/** Moderators (`groups.moderate`) see and manage every group. */
export function moderatesGroups(viewer: Viewer): boolean {
  return viewer.isAdmin || viewer.has("groups.moderate");
}

export async function memberRole(db: DbOrTx, groupID: number, userID: number): Promise<string | null> {
  if (userID <= 0) return null;
  const row = await db
    .selectFrom("groupMembers")
    .select("role")
    .where("groupID", "=", groupID)
    .where("userID", "=", userID)
    .executeTakeFirst();
  return row?.role ?? null;
}

/**
 * A group the viewer may see: public and private ones to everyone, secret ones to their members, to members
 * with a pending invitation and to moderators. Anything else is a 404 (a secret group does not exist for others).
 */
export async function getVisibleGroup(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
  db: DbOrTx = context.db,
): Promise<{ group: GroupRow; role: string | null }> {
  const group = await db.selectFrom("groups").selectAll().where("groupID", "=", groupID).executeTakeFirst();
  if (!group) throw new NotFoundError(GROUP_NOT_FOUND);
  const role = await memberRole(db, groupID, viewer.userID);
  if (group.privacy === "secret" && role === null && !moderatesGroups(viewer)) {
    const invited = viewer.isGuest
      ? undefined
      : await db
          .selectFrom("groupInvitations")
          .select("invitationID")
          .where("groupID", "=", groupID)
          .where("userID", "=", viewer.userID)
          .executeTakeFirst();
    if (!invited) throw new NotFoundError(GROUP_NOT_FOUND);
  }
  return { group, role };
}

/** Whether the viewer may read the group's members and discussions (public groups, members, moderators). */
export function seesInside(group: GroupRow, role: string | null, viewer: Viewer): boolean {
  return group.privacy === "public" || role !== null || moderatesGroups(viewer);
}

/** Leaders and moderators manage a group (edit, members, requests, invitations). */
export function requireLeader(role: string | null, viewer: Viewer): void {
  viewer.require("session.valid");
  if (role !== "leader" && !moderatesGroups(viewer))
    throw new ForbiddenError("Only the group's leaders may do this.");
}
