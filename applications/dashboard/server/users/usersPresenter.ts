import type { User } from "@forum/api/users";
import { toApiDate } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { presentUserFragment } from "@library/server/users/userFragments";
import type { RoleRef, UserRow } from "./usersQueries";
import { userPhotoUrl, userProfileUrl } from "./userUrls";
import { PERSONAL_INFO_PERMISSIONS, profileViewFor } from "@library/server/users/userProfiles";

/** Any one of these unlocks full user records (API.md 1.10). */
export const USER_ADMIN_PERMISSIONS = ["users.add", "users.edit", "users.delete"] as const;
/** Seeing emails and private or banned profiles in full. */
export { PERSONAL_INFO_PERMISSIONS };

export type UserView = "full" | "public" | "private";

export interface UserViewOptions {
  /** Setting `ui.bannedPrivateProfile`: banned users show the private view. */
  bannedPrivateProfile: boolean;
}

/** Which view of API.md 4.1 a viewer gets of a user. */
/** The one rule of who sees which view, shared with the profile pages (library/server/users/userProfiles.ts). */
export function userViewFor(viewer: Viewer, row: UserRow, options: UserViewOptions): UserView {
  return profileViewFor(viewer, row, options.bannedPrivateProfile);
}

function lastActive(row: UserRow): string | null {
  return row.hidden === 1 ? null : toApiDate(row.dateLastActive);
}

export { presentUserFragment };

/** The restricted card: name and avatar only. */
export function presentPrivateUser(row: UserRow): User {
  return {
    userID: row.userID,
    name: row.name,
    photoUrl: userPhotoUrl(row.photo),
    url: userProfileUrl(row.name),
    banned: row.banned === 1 ? 1 : 0,
    private: true,
  };
}

export function presentPublicUser(row: UserRow): User {
  return {
    userID: row.userID,
    name: row.name,
    photoUrl: userPhotoUrl(row.photo),
    url: userProfileUrl(row.name),
    banned: row.banned === 1 ? 1 : 0,
    private: false,
    ...(row.showEmail === 1 ? { email: row.email } : {}),
    dateInserted: toApiDate(row.dateInserted),
    dateLastActive: lastActive(row),
    points: row.points,
    title: row.title,
    about: row.about,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    countPosts: row.countDiscussions + row.countComments,
    countVisits: row.countVisits,
  };
}

/**
 * The full record: for the user themself and user administrators. Roles that are personal information are
 * listed only when `showPersonalRoles`; IP addresses and admin flags only for `site.manage` viewers.
 */
export function presentFullUser(
  row: UserRow,
  roles: readonly RoleRef[],
  options: { siteManager: boolean; showPersonalRoles: boolean },
): User {
  const user: User = {
    userID: row.userID,
    name: row.name,
    email: row.email,
    photoUrl: userPhotoUrl(row.photo),
    url: userProfileUrl(row.name),
    dateInserted: toApiDate(row.dateInserted),
    dateLastActive: toApiDate(row.dateLastActive),
    dateUpdated: toApiDate(row.dateUpdated),
    points: row.points,
    emailConfirmed: row.emailConfirmed === 1,
    showEmail: row.showEmail === 1,
    bypassSpam: row.bypassSpam === 1,
    banned: row.banned === 1 ? 1 : 0,
    private: row.private === 1,
    hidden: row.hidden === 1,
    roles: roles
      .filter((role) => options.showPersonalRoles || !role.personalInfo)
      .map((role) => ({ roleID: role.roleID, name: role.name })),
    title: row.title,
    about: row.about,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    countPosts: row.countDiscussions + row.countComments,
    countVisits: row.countVisits,
    inviteUserID: row.inviteUserID,
  };
  if (!options.siteManager) return user;
  return {
    ...user,
    insertIPAddress: row.insertIPAddress,
    lastIPAddress: row.lastIPAddress,
    isAdmin: row.isAdmin === 1,
    isSysAdmin: row.isAdmin === 1,
    isSuperAdmin: false,
  };
}

/** The view of `row` this viewer may see, ready for the JSON routes and the profile pages. */
export function presentUserForViewer(
  viewer: Viewer,
  row: UserRow,
  roles: readonly RoleRef[],
  options: UserViewOptions,
): User {
  const view = userViewFor(viewer, row, options);
  if (view === "private") return presentPrivateUser(row);
  if (view === "public") return presentPublicUser(row);
  return presentFullUser(row, roles, {
    siteManager: viewer.has("site.manage"),
    showPersonalRoles: viewer.userID === row.userID || viewer.has("personalInfo.view"),
  });
}
