import type { Category } from "@forum/api/categories";
import type { PermissionDescription } from "@forum/api/permissionCatalog";
import type { Role } from "@forum/api/roles";
import { apiv2 } from "@library/src/api/apiClient";
import {
  CATEGORY_PERMISSION_SCOPE,
  grantsFromFragments,
  holds,
  type ScopeKey,
} from "./permissionMatrixModel";

export async function fetchPermissionCatalog(): Promise<PermissionDescription[]> {
  return (await apiv2.get<PermissionDescription[]>("dashboard/permissions")).data;
}

export async function fetchRoles(): Promise<Role[]> {
  return (await apiv2.get<Role[]>("roles", { params: { expand: "permissions", limit: 500 } })).data;
}

export async function fetchRole(roleID: number): Promise<Role> {
  return (await apiv2.get<Role>(`roles/${roleID}`, { params: { expand: "permissions" } })).data;
}

/** Every category, flat, in tree order. */
export async function fetchAllCategories(): Promise<Category[]> {
  return (await apiv2.get<Category[]>("categories", { params: { outputFormat: "flat", limit: 500 } })).data;
}

/**
 * Gives a category its own permissions without changing anyone's access: each role starts there with the
 * category permissions it holds there now (its global ones, or those of the category it inherits from).
 */
export async function startCategoryOverride(
  category: Category,
  inheritsFrom: ScopeKey,
  catalog: readonly PermissionDescription[],
): Promise<void> {
  const roles = await fetchRoles();
  const names = catalog
    .filter((permission) => permission.scope === CATEGORY_PERMISSION_SCOPE)
    .map((p) => p.name);
  const permissions = roles.map((role) => {
    const grants = grantsFromFragments(role.permissions);
    return {
      roleID: role.roleID,
      permissions: Object.fromEntries(names.map((name) => [name, holds(grants, inheritsFrom, name)])),
    };
  });
  await apiv2.patch(`categories/${category.categoryID}`, { customPermissions: true, permissions });
}
