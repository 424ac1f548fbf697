import type { PermissionChange, RolePermissionsPreview } from "@forum/api/permissionCatalog";
import type { PermissionFragment } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import type { GrantSnapshot } from "@library/server/permissions/roleGrants";
import { countSiteManagers } from "./administratorGuard";
import { grantRowsFromFragments } from "./rolePermissionFragments";
import { applyGrantWrite, type GrantWriteMode } from "./rolesCommands";

/** Names listed per change; the count says how many more there are. */
const NAMES_SHOWN = 10;

/** `global` or `category:12` → the set of permissions held there. */
type Grants = Map<string, Set<string>>;

function scopeKey(type: string, id: number | null): string {
  return type === "global" ? "global" : `${type}:${id ?? 0}`;
}

function grantsOfRole(snapshot: GrantSnapshot, roleID: number): Grants {
  const role = snapshot.byRole.get(roleID);
  const grants: Grants = new Map([["global", new Set(role?.global ?? [])]]);
  for (const [key, names] of role?.resources ?? []) grants.set(key, new Set(names));
  return grants;
}

/** The role's grants after the write, computed the way PUT (replace) and PATCH (merge) store them. */
function grantsAfter(
  current: Grants,
  fragments: readonly PermissionFragment[],
  mode: GrantWriteMode,
): Grants {
  const next: Grants = new Map<string, Set<string>>();
  if (mode === "merge") for (const [key, names] of current) next.set(key, new Set(names));
  for (const fragment of fragments) {
    const key = scopeKey(fragment.type, fragment.id);
    const names = next.get(key) ?? new Set<string>();
    for (const [permission, granted] of Object.entries(fragment.permissions)) {
      if (granted) names.add(permission);
      else names.delete(permission);
    }
    next.set(key, names);
  }
  return next;
}

interface Member {
  userID: number;
  name: string;
  otherRoleIDs: number[];
}

async function membersOfRole(
  context: AppContext,
  roleID: number,
  snapshot: GrantSnapshot,
): Promise<Member[]> {
  const adminRoleIDs = new Set(snapshot.rolesByType.get("administrator") ?? []);
  const users = await context.db
    .selectFrom("userRoles")
    .innerJoin("users", "users.userID", "userRoles.userID")
    .select(["users.userID", "users.name", "users.isAdmin"])
    .where("userRoles.roleID", "=", roleID)
    .where("users.deleted", "=", 0)
    .orderBy("users.name")
    .execute();
  const ids = users.map((user) => user.userID);
  const memberships =
    ids.length === 0
      ? []
      : await context.db
          .selectFrom("userRoles")
          .select(["userID", "roleID"])
          .where("userID", "in", ids)
          .where("roleID", "!=", roleID)
          .execute();
  return (
    users
      .map((user) => ({
        userID: user.userID,
        name: user.name,
        isAdmin: user.isAdmin === 1,
        otherRoleIDs: memberships.filter((row) => row.userID === user.userID).map((row) => row.roleID),
      }))
      // Administrators hold every permission whatever their roles grant: nothing changes for them.
      .filter((member) => !member.isAdmin && !member.otherRoleIDs.some((id) => adminRoleIDs.has(id)))
  );
}

function heldElsewhere(snapshot: GrantSnapshot, member: Member, key: string, permission: string): boolean {
  return member.otherRoleIDs.some((roleID) => {
    const role = snapshot.byRole.get(roleID);
    return key === "global" ? role?.global.has(permission) : role?.resources.get(key)?.has(permission);
  });
}

/** Would the write leave nobody able to manage the site? Made for real in a transaction that is rolled back. */
async function wouldLockOut(
  context: AppContext,
  roleID: number,
  fragments: readonly PermissionFragment[],
  mode: GrantWriteMode,
): Promise<boolean> {
  const rollback = new Error("preview");
  let lockedOut = false;
  try {
    await context.db.transaction().execute(async (trx) => {
      const before = await countSiteManagers(trx);
      await applyGrantWrite(trx, roleID, fragments, mode);
      lockedOut = before > 0 && (await countSiteManagers(trx)) === 0;
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return lockedOut;
}

/**
 * What a grant write would change for the role's members: each permission in each scope that some members would
 * gain or lose (not counting members who hold it through another role, nor administrators), and whether the
 * write would lock every administrator out. Nothing is written.
 */
export async function previewRolePermissions(
  context: AppContext,
  roleID: number,
  fragments: readonly PermissionFragment[],
  mode: GrantWriteMode,
): Promise<RolePermissionsPreview> {
  const { errors } = grantRowsFromFragments(fragments);
  if (errors.length > 0) throw new ValidationError(errors);
  const role = await context.db
    .selectFrom("roles")
    .select("roleID")
    .where("roleID", "=", roleID)
    .executeTakeFirst();
  if (!role) throw new NotFoundError("Role");
  const snapshot = await context.grants.get();
  const before = grantsOfRole(snapshot, roleID);
  const after = grantsAfter(before, fragments, mode);
  const members = await membersOfRole(context, roleID, snapshot);
  const memberCount = await context.db
    .selectFrom("userRoles")
    .innerJoin("users", "users.userID", "userRoles.userID")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("userRoles.roleID", "=", roleID)
    .where("users.deleted", "=", 0)
    .executeTakeFirst();

  const changes: PermissionChange[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(key) ?? new Set<string>();
    const next = after.get(key) ?? new Set<string>();
    const [type, id] =
      key === "global" ? ["global", null] : [key.split(":")[0] ?? "", Number(key.split(":")[1])];
    const diff = [
      ...[...next].filter((name) => !old.has(name)).map((name) => ({ name, change: "gain" as const })),
      ...[...old].filter((name) => !next.has(name)).map((name) => ({ name, change: "lose" as const })),
    ];
    for (const { name, change } of diff) {
      const affected = members.filter((member) => !heldElsewhere(snapshot, member, key, name));
      changes.push({
        type,
        id,
        permission: name,
        change,
        count: affected.length,
        names: affected.slice(0, NAMES_SHOWN).map((member) => member.name),
      });
    }
  }
  return {
    members: Number(memberCount?.total ?? 0),
    changes,
    locksOutAdministrators: await wouldLockOut(context, roleID, fragments, mode),
  };
}
