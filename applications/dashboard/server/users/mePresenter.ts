import { GUEST_ME } from "@forum/api/guest";
import type { Me } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { toApiDate } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { meCountMap, meFields } from "@library/server/users/meCounts";
import { getUserRow } from "./usersQueries";
import { userPhotoUrl, userProfileUrl } from "./userUrls";

async function rolesOf(
  context: AppContext,
  roleIDs: readonly number[],
): Promise<{ roleID: number; name: string }[]> {
  if (roleIDs.length === 0) return [];
  return context.db
    .selectFrom("roles")
    .select(["roleID", "name"])
    .where("roleID", "in", [...roleIDs])
    .orderBy("sort")
    .orderBy("roleID")
    .execute();
}

async function guestMe(
  context: AppContext,
  viewer: Viewer,
  roles: { roleID: number; name: string }[],
): Promise<Me> {
  const counts = await meCountMap(context, viewer);
  return {
    ...GUEST_ME,
    ...meFields(counts),
    counts,
    roles,
    roleIDs: roles.map((role) => role.roleID),
    permissions: [...viewer.global].sort(),
  };
}

/** `GET /users/me` (API.md 4.1): the signed-in user in full, or the guest defaults. Pages embed it too. */
export async function presentMe(context: AppContext, viewer: Viewer): Promise<Me> {
  const roles = await rolesOf(context, viewer.roleIDs);
  const row = viewer.isGuest ? undefined : await getUserRow(context.db, viewer.userID);
  if (!row) return guestMe(context, viewer, roles);
  const counts = await meCountMap(context, viewer);
  return {
    userID: row.userID,
    name: row.name,
    photoUrl: userPhotoUrl(row.photo),
    url: userProfileUrl(row.name),
    email: row.email,
    emailConfirmed: row.emailConfirmed === 1,
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    dateLastActive: toApiDate(row.dateLastActive),
    points: row.points,
    banned: row.banned === 1 ? 1 : 0,
    private: row.private === 1,
    showEmail: row.showEmail === 1,
    bypassSpam: row.bypassSpam === 1,
    roles,
    roleIDs: roles.map((role) => role.roleID),
    permissions: [...viewer.global].sort(),
    isAdmin: viewer.isAdmin,
    isSysAdmin: viewer.isAdmin,
    isSuperAdmin: false,
    // The counters declared `onMe` (`countUnreadNotifications`, an add-on's own) and all of them by name.
    countUnreadNotifications: 0,
    ...meFields(counts),
    counts,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    title: row.title,
    // The signature column holds sanitised HTML written by the signatures feature, never raw input.
    signature: { body: row.signature ?? "" },
  };
}
