import type { RolePatch, RolePost } from "@forum/api/roles";
import type { PermissionFragment } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { ConflictError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { keepingASiteManager } from "./administratorGuard";
import { grantRowsFromFragments, type GrantRow } from "./rolePermissionFragments";

export const ROLE_NOT_DELETABLE_MESSAGE = "This role cannot be deleted.";

function flag(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}

/** 422 on `name` when another role already has the name (case-insensitive). */
async function assertNameFree(trx: DbOrTx, name: string, exceptRoleID: number): Promise<void> {
  const taken = await trx
    .selectFrom("roles")
    .select("roleID")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.trim().toLowerCase()))
    .where("roleID", "!=", exceptRoleID)
    .executeTakeFirst();
  if (taken) throw ValidationError.field("name", "A role with this name already exists.", "unique");
}

function checkedGrants(body: RolePatch): GrantRow[] | null {
  if (!body.permissions) return null;
  const { rows, errors } = grantRowsFromFragments(body.permissions);
  if (errors.length > 0) throw new ValidationError(errors);
  return rows;
}

/** The scopes (`global`, `category:12`…) the fragments speak about. */
function fragmentScopes(
  fragments: readonly PermissionFragment[],
): { resourceType: string; resourceID: number }[] {
  const scopes = new Map<string, { resourceType: string; resourceID: number }>();
  for (const fragment of fragments) {
    const resourceID = fragment.type === "global" ? 0 : (fragment.id ?? 0);
    scopes.set(`${fragment.type}:${resourceID}`, { resourceType: fragment.type, resourceID });
  }
  return [...scopes.values()];
}

/** Each scope a fragment names gets exactly that fragment's grants; scopes not named keep theirs. */
async function replaceScopes(
  trx: DbOrTx,
  roleID: number,
  fragments: readonly PermissionFragment[],
  grants: GrantRow[],
): Promise<void> {
  for (const scope of fragmentScopes(fragments))
    await trx
      .deleteFrom("rolePermissions")
      .where("roleID", "=", roleID)
      .where("resourceType", "=", scope.resourceType)
      .where("resourceID", "=", scope.resourceID)
      .execute();
  if (grants.length > 0)
    await trx
      .insertInto("rolePermissions")
      .values(grants.map((grant) => ({ roleID, ...grant })))
      .execute();
}

/** Only the permissions a fragment names change: `true` grants, `false` revokes; everything else stays. */
async function mergePermissions(
  trx: DbOrTx,
  roleID: number,
  fragments: readonly PermissionFragment[],
): Promise<void> {
  for (const fragment of fragments) {
    const resourceID = fragment.type === "global" ? 0 : (fragment.id ?? 0);
    const names = Object.keys(fragment.permissions);
    if (names.length === 0) continue;
    await trx
      .deleteFrom("rolePermissions")
      .where("roleID", "=", roleID)
      .where("resourceType", "=", fragment.type)
      .where("resourceID", "=", resourceID)
      .where("permission", "in", names)
      .execute();
    const granted = names.filter((name) => fragment.permissions[name] === true);
    if (granted.length > 0)
      await trx
        .insertInto("rolePermissions")
        .values(
          granted.map((permission) => ({ roleID, resourceType: fragment.type, resourceID, permission })),
        )
        .execute();
  }
}

async function lockRole(trx: DbOrTx, roleID: number): Promise<void> {
  const role = await trx.selectFrom("roles").select("roleID").where("roleID", "=", roleID).executeTakeFirst();
  if (!role) throw new NotFoundError("Role");
}

export type GrantWriteMode = "replace" | "merge";

/** The grant write itself, inside the caller's transaction (404 for a missing role, 422 for unknown names). */
export async function applyGrantWrite(
  trx: DbOrTx,
  roleID: number,
  fragments: readonly PermissionFragment[],
  mode: GrantWriteMode,
): Promise<void> {
  const { rows, errors } = grantRowsFromFragments(fragments);
  if (errors.length > 0) throw new ValidationError(errors);
  await lockRole(trx, roleID);
  if (mode === "replace") await replaceGrants(trx, roleID, rows);
  else await mergePermissions(trx, roleID, fragments);
}

/**
 * `PUT /roles/{id}/permissions` replaces every grant of the role with the fragments; `PATCH` changes only the
 * permissions the fragments name (API.md 5: the write says which it is, so one category's grants never wipe
 * the rest).
 */
export async function writeRolePermissions(
  context: AppContext,
  viewer: Viewer,
  roleID: number,
  fragments: readonly PermissionFragment[],
  mode: GrantWriteMode,
): Promise<void> {
  viewer.require("site.manage");
  const { errors } = grantRowsFromFragments(fragments);
  if (errors.length > 0) throw new ValidationError(errors);
  await writeTransaction(context.db, context.dialect, (trx) =>
    keepingASiteManager(trx, context.dialect, async () => {
      await applyGrantWrite(trx, roleID, fragments, mode);
    }),
  );
  context.grants.invalidate();
}

async function replaceGrants(trx: DbOrTx, roleID: number, grants: GrantRow[]): Promise<void> {
  await trx.deleteFrom("rolePermissions").where("roleID", "=", roleID).execute();
  if (grants.length > 0)
    await trx
      .insertInto("rolePermissions")
      .values(grants.map((grant) => ({ roleID, ...grant })))
      .execute();
}

/** `POST /roles` (site.manage). */
export async function createRole(context: AppContext, viewer: Viewer, body: RolePost): Promise<number> {
  viewer.require("site.manage");
  const grants = checkedGrants(body) ?? [];
  const roleID = await context.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, body.name, 0);
    const last = await trx
      .selectFrom("roles")
      .select((eb) => eb.fn.max("sort").as("sort"))
      .executeTakeFirst();
    const { roleID: created } = await trx
      .insertInto("roles")
      .values({
        name: body.name.trim(),
        description: body.description ?? null,
        type: body.type ?? null,
        deletable: 1,
        canSession: body.canSession === false ? 0 : 1,
        personalInfo: body.personalInfo ? 1 : 0,
        sort: body.sort ?? Number(last?.sort ?? 0) + 1,
      })
      .returning("roleID")
      .executeTakeFirstOrThrow();
    await replaceGrants(trx, created, grants);
    return created;
  });
  context.grants.invalidate();
  return roleID;
}

/**
 * `PATCH /roles/{id}` (site.manage). `permissions`, when sent, replaces the grants of each scope it names (the
 * global scope, category 12…); the role's other scopes keep their grants.
 */
export async function patchRole(
  context: AppContext,
  viewer: Viewer,
  roleID: number,
  body: RolePatch,
): Promise<void> {
  viewer.require("site.manage");
  const grants = checkedGrants(body);
  await writeTransaction(context.db, context.dialect, (trx) =>
    keepingASiteManager(trx, context.dialect, async () => {
      const role = await trx
        .selectFrom("roles")
        .select("roleID")
        .where("roleID", "=", roleID)
        .executeTakeFirst();
      if (!role) throw new NotFoundError("Role");
      if (body.name !== undefined) await assertNameFree(trx, body.name, roleID);
      const columns = {
        name: body.name?.trim(),
        description: body.description,
        type: body.type,
        canSession: flag(body.canSession),
        personalInfo: flag(body.personalInfo),
        sort: body.sort,
      };
      const changed = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
      if (Object.keys(changed).length > 0)
        await trx.updateTable("roles").set(changed).where("roleID", "=", roleID).execute();
      if (grants && body.permissions) await replaceScopes(trx, roleID, body.permissions, grants);
    }),
  );
  context.grants.invalidate();
}

/** `DELETE /roles/{id}` (site.manage): 409 for the default roles that must stay. */
export async function deleteRole(context: AppContext, viewer: Viewer, roleID: number): Promise<void> {
  viewer.require("site.manage");
  await writeTransaction(context.db, context.dialect, (trx) =>
    keepingASiteManager(trx, context.dialect, async () => {
      const role = await trx
        .selectFrom("roles")
        .select("deletable")
        .where("roleID", "=", roleID)
        .executeTakeFirst();
      if (!role) throw new NotFoundError("Role");
      if (role.deletable !== 1) throw new ConflictError(ROLE_NOT_DELETABLE_MESSAGE);
      await trx.deleteFrom("rolePermissions").where("roleID", "=", roleID).execute();
      await trx.deleteFrom("userRoles").where("roleID", "=", roleID).execute();
      await trx.deleteFrom("roles").where("roleID", "=", roleID).execute();
    }),
  );
  context.grants.invalidate();
}
