import type { RoleGrants } from "@library/server/permissions/roleGrants";
import type { Viewer } from "@library/server/permissions/viewer";

/**
 * A role is assignable by a viewer who could hold it: admins assign any role; others assign a role only
 * when they hold every permission it grants (globally and on each resource), and never the
 * administrator role.
 */
export function canAssignRole(
  viewer: Viewer,
  role: { type: string | null },
  grants: RoleGrants | undefined,
): boolean {
  if (viewer.isAdmin) return true;
  if (role.type === "administrator") return false;
  if (!grants) return true;
  for (const name of grants.global) if (!viewer.has(name)) return false;
  for (const [key, names] of grants.resources) {
    const [type = "", id = ""] = key.split(":");
    for (const name of names) if (!viewer.has(name, { type, id: Number(id) })) return false;
  }
  return true;
}
