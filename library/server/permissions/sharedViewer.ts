import { Viewer } from "./viewer";

/** The id a rendering shared by members is made for: a signed-in member who owns nothing and has read nothing. */
export const SHARED_MEMBER_ID = -1;

/** A viewer with the member's roles and none of their identity: what every member with these roles sees. */
export function sharedViewerFor(viewer: Viewer): Viewer {
  return new Viewer(
    {
      userID: SHARED_MEMBER_ID,
      name: "",
      isAdmin: viewer.isAdmin,
      banned: false,
      emailConfirmed: viewer.user.emailConfirmed,
    },
    viewer.roleIDs,
    viewer.grantSnapshot,
  );
}

/** What a member's permissions are made of (the grants themselves are compared by snapshot). */
export function rolesKey(viewer: Viewer): string {
  const roles = [...viewer.roleIDs].sort((a, b) => a - b).join(",");
  return `${viewer.isAdmin ? "admin" : "member"}:${viewer.user.emailConfirmed ? 1 : 0}:${roles}`;
}
