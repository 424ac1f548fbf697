import type { AppContext } from "@library/server/app/appContext";
import { ForbiddenError, ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { canAssignRole } from "../roles/roleAssignment";
import type { UserRow } from "./usersQueries";
import { viewerOfUser } from "./userViewers";

export const HIGHER_PERMISSIONS_MESSAGE =
  "You are not allowed to edit a user that has higher permissions than you.";

/**
 * API.md 4.2: nobody edits, bans or deletes a user who holds a permission they lack, and only admins
 * touch admins. Runs before the write transaction (it reads grants through the shared connection).
 */
export async function assertNotHigherThanEditor(
  context: AppContext,
  editor: Viewer,
  target: UserRow,
): Promise<void> {
  if (editor.userID === target.userID) return;
  const targetViewer = await viewerOfUser(context, target);
  if (targetViewer.isAdmin && !editor.isAdmin) throw new ForbiddenError(HIGHER_PERMISSIONS_MESSAGE);
  if (editor.isAdmin) return;
  for (const name of targetViewer.global)
    if (!editor.has(name)) throw new ForbiddenError(HIGHER_PERMISSIONS_MESSAGE);
}

/** Checks that every role exists (422 on `roleID`) and that the editor could hold it (403). */
export async function assertRolesAssignable(
  context: AppContext,
  editor: Viewer,
  roleIDs: readonly number[],
): Promise<void> {
  const unique = [...new Set(roleIDs)];
  if (unique.length === 0) return;
  const roles = await context.db
    .selectFrom("roles")
    .select(["roleID", "name", "type"])
    .where("roleID", "in", unique)
    .execute();
  const missing = unique.filter((roleID) => !roles.some((role) => role.roleID === roleID));
  if (missing.length > 0)
    throw ValidationError.field("roleID", `Unknown role: ${missing.join(", ")}.`, "exists");
  const snapshot = await context.grants.get();
  for (const role of roles) {
    if (!canAssignRole(editor, role, snapshot.byRole.get(role.roleID))) {
      throw new ForbiddenError(`You are not allowed to assign the ${role.name} role.`);
    }
  }
}
