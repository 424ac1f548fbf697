import type { Role } from "@forum/api/roles";
import type { PermissionFragment } from "@forum/api/users";
import type { RoleTable } from "@library/server/db/coreTables";
import type { RoleGrants } from "@library/server/permissions/roleGrants";
import type { Selectable } from "kysely";

export type RoleRow = Selectable<RoleTable>;

function asRecord(names: Iterable<string>): Record<string, boolean> {
  return Object.fromEntries([...names].sort().map((name) => [name, true]));
}

/** A role's grants as PermissionFragment[]: the global set first, then one per resource, by type and id. */
export function presentRoleGrants(grants: RoleGrants | undefined): PermissionFragment[] {
  const fragments: PermissionFragment[] = [
    { type: "global", id: null, permissions: asRecord(grants?.global ?? []) },
  ];
  const resources = [...(grants?.resources ?? [])].map(([key, names]) => {
    const [type = "", id = "0"] = key.split(":");
    return { type, id: Number(id), permissions: asRecord(names) };
  });
  resources.sort((a, b) => a.type.localeCompare(b.type) || a.id - b.id);
  return [...fragments, ...resources];
}

export interface RolePresentation {
  /** Full view (site.manage); otherwise the minimal view {roleID, name, description}. */
  full: boolean;
  permissions?: PermissionFragment[];
  assignable?: boolean;
}

/** Role (API.md 5). Permissions appear only in the full view. */
export function presentRole(row: RoleRow, presentation: RolePresentation): Role {
  const role: Role = { roleID: row.roleID, name: row.name, description: row.description };
  if (presentation.assignable !== undefined) role.assignable = presentation.assignable;
  if (!presentation.full) return role;
  return {
    ...role,
    type: row.type,
    deletable: row.deletable === 1,
    canSession: row.canSession === 1,
    personalInfo: row.personalInfo === 1,
    sort: row.sort,
    ...(presentation.permissions ? { permissions: presentation.permissions } : {}),
  };
}
