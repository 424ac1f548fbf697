import type { CategoryRolePermissions } from "@forum/api/categories";
import type { ValidationErrorItem } from "@forum/api/common";
import type { Db, DbOrTx } from "@library/server/db/database";
import { readWithoutQueue } from "@library/server/db/readWithoutQueue";
import type { ResourceJunctions } from "@library/server/permissions/roleGrants";
import { ValidationError } from "@library/server/errors/httpErrors";
import { CATEGORY_PERMISSIONS } from "@library/server/permissions/permissionNames";

const CATEGORY_PERMISSION_SET: ReadonlySet<string> = new Set(CATEGORY_PERMISSIONS);

/** 422 items for unknown roles or permission names in a `permissions` body (keyed `permissions[i]…`). */
export async function categoryGrantErrors(
  db: DbOrTx,
  permissions: readonly CategoryRolePermissions[],
): Promise<ValidationErrorItem[]> {
  const errors: ValidationErrorItem[] = [];
  const roleIDs = permissions.map((item) => item.roleID);
  const known = new Set(
    roleIDs.length === 0
      ? []
      : (await db.selectFrom("roles").select("roleID").where("roleID", "in", roleIDs).execute()).map(
          (row) => row.roleID,
        ),
  );
  permissions.forEach((item, index) => {
    if (!known.has(item.roleID))
      errors.push({ field: `permissions[${index}].roleID`, code: "invalid", message: "Unknown role." });
    for (const name of Object.keys(item.permissions)) {
      if (!CATEGORY_PERMISSION_SET.has(name))
        errors.push({
          field: `permissions[${index}].permissions.${name}`,
          code: "enum",
          message: `Unknown category permission "${name}".`,
        });
    }
  });
  return errors;
}

export async function assertCategoryGrants(
  db: DbOrTx,
  permissions: readonly CategoryRolePermissions[] | undefined,
): Promise<void> {
  if (!permissions) return;
  const errors = await categoryGrantErrors(db, permissions);
  if (errors.length > 0) throw new ValidationError(errors);
}

/**
 * Gives a category its own grants: each role starts with its current global grants of the category-scoped
 * permissions (so nothing changes until an admin edits them), then the roles listed in `permissions` get
 * exactly what is listed.
 */
export async function writeCategoryGrants(
  trx: DbOrTx,
  categoryID: number,
  permissions: readonly CategoryRolePermissions[] | undefined,
  copyGlobal: boolean,
): Promise<void> {
  const byRole = new Map<number, Set<string>>();
  if (copyGlobal) {
    await trx
      .deleteFrom("rolePermissions")
      .where("resourceType", "=", "category")
      .where("resourceID", "=", categoryID)
      .execute();
    const globals = await trx
      .selectFrom("rolePermissions")
      .select(["roleID", "permission"])
      .where("resourceType", "=", "global")
      .where("permission", "in", [...CATEGORY_PERMISSIONS])
      .execute();
    for (const row of globals)
      byRole.set(row.roleID, (byRole.get(row.roleID) ?? new Set()).add(row.permission));
  }
  for (const item of permissions ?? []) {
    await trx
      .deleteFrom("rolePermissions")
      .where("resourceType", "=", "category")
      .where("resourceID", "=", categoryID)
      .where("roleID", "=", item.roleID)
      .execute();
    byRole.set(
      item.roleID,
      new Set(Object.entries(item.permissions).flatMap(([name, granted]) => (granted ? [name] : []))),
    );
  }
  const rows = [...byRole].flatMap(([roleID, names]) =>
    [...names].map((permission) => ({
      roleID,
      resourceType: "category",
      resourceID: categoryID,
      permission,
    })),
  );
  if (rows.length > 0) await trx.insertInto("rolePermissions").values(rows).execute();
}

export async function removeCategoryGrants(trx: DbOrTx, categoryID: number): Promise<void> {
  await trx
    .deleteFrom("rolePermissions")
    .where("resourceType", "=", "category")
    .where("resourceID", "=", categoryID)
    .execute();
}

/** Junction aliases for the grant cache: a category without custom permissions inherits its nearest custom ancestor. */
export async function categoryJunctions(db: Db): Promise<ResourceJunctions> {
  const rows = await readWithoutQueue(
    db,
    db
      .selectFrom("categories")
      .select(["categoryID", "permissionCategoryID", "customPermissions"])
      .where("permissionCategoryID", ">", 0),
  );
  return {
    // A category with custom permissions is a junction even when no role holds a grant there (private).
    junctions: rows.filter((row) => row.customPermissions === 1).map((row) => row.categoryID),
    aliases: new Map(
      rows
        .filter((row) => row.permissionCategoryID !== row.categoryID)
        .map((row) => [row.categoryID, row.permissionCategoryID]),
    ),
  };
}
