import type { Role } from "@forum/api/roles";

/** Role types that are a stage before membership: a member holds one of them alone, or none. */
const ENTRY_TYPES: ReadonlySet<string> = new Set(["unconfirmed", "applicant"]);

/** The role signed-out visitors have: never one a member holds. */
const GUEST_TYPE = "guest";

function isEntryRole(role: Role): boolean {
  return role.type != null && ENTRY_TYPES.has(role.type);
}

/** The roles offered for a member: every role but Guest (still listed when the member holds it, to remove it). */
export function offeredRoles(roles: readonly Role[], heldIDs: readonly number[]): Role[] {
  return roles.filter((role) => role.type !== GUEST_TYPE || heldIDs.includes(role.roleID));
}

/**
 * The roles after ticking or unticking one. Unconfirmed and Applicant go alone: choosing one drops every other
 * role, choosing a member's role (Member, Moderator, …) drops them. Guest is never kept beside another role.
 */
export function rolesAfterChoice(
  roles: readonly Role[],
  heldIDs: readonly number[],
  roleID: number,
  checked: boolean,
): number[] {
  if (!checked) return heldIDs.filter((id) => id !== roleID);
  const chosen = roles.find((role) => role.roleID === roleID);
  if (!chosen) return heldIDs.includes(roleID) ? [...heldIDs] : [...heldIDs, roleID];
  if (isEntryRole(chosen) || chosen.type === GUEST_TYPE) return [roleID];
  const byID = new Map(roles.map((role) => [role.roleID, role]));
  const kept = heldIDs.filter((id) => {
    const held = byID.get(id);
    return !held || (!isEntryRole(held) && held.type !== GUEST_TYPE);
  });
  return kept.includes(roleID) ? kept : [...kept, roleID];
}
