import type { AppContext } from "@library/server/app/appContext";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import { Viewer } from "@library/server/permissions/viewer";
import { roleIDsOfUser, type UserRow } from "./usersQueries";

/**
 * The permission set of any existing user, as seen by an administrator. `viewerForUser` refuses banned
 * accounts (they cannot act), but their grants still matter for `GET /users/{id}/permissions` and for the
 * "higher permissions" rule when someone edits them.
 */
export async function viewerOfUser(context: AppContext, row: UserRow): Promise<Viewer> {
  const viewer = await viewerForUser(context, row.userID);
  if (viewer) return viewer;
  const roleIDs = await roleIDsOfUser(context.db, row.userID);
  const snapshot = await context.grants.get();
  const adminRoleIDs = snapshot.rolesByType.get("administrator") ?? [];
  const isAdmin = row.isAdmin === 1 || roleIDs.some((roleID) => adminRoleIDs.includes(roleID));
  return new Viewer(
    {
      userID: row.userID,
      name: row.name,
      isAdmin,
      banned: row.banned === 1,
      emailConfirmed: row.emailConfirmed === 1,
    },
    roleIDs,
    snapshot,
  );
}
