import type { Dialect, DbOrTx } from "@library/server/db/database";
import { ConflictError } from "@library/server/errors/httpErrors";
import { sql } from "kysely";

export const LAST_ADMINISTRATOR_MESSAGE =
  "This change would leave nobody able to manage the site. Give another member the Administrator role first.";

/**
 * Every write that can take away the power to manage the site (a role's grants, type or existence, a member's
 * roles, a ban, a deletion) locks the role rows first, in ascending id order, so two such writes run one after
 * the other and the second sees the first's result (lock order: roles first).
 */
export async function lockRolesForAdministration(trx: DbOrTx, dialect: Dialect): Promise<void> {
  const roles = trx.selectFrom("roles").select("roleID").orderBy("roleID");
  // NO KEY UPDATE: such writes wait for each other, while inserts that only reference a role (grants, members)
  // are not blocked. SQLite has one writer already.
  await (dialect === "postgres" ? roles.forNoKeyUpdate() : roles).execute();
}

/** Members who can sign in and manage the site: an administrator account, the administrator role, or site.manage. */
export async function countSiteManagers(trx: DbOrTx): Promise<number> {
  const row = await trx
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("users.deleted", "=", 0)
    .where("users.banned", "=", 0)
    .where((eb) =>
      eb.or([
        eb("users.isAdmin", "=", 1),
        eb.exists(
          eb
            .selectFrom("userRoles")
            .innerJoin("roles", "roles.roleID", "userRoles.roleID")
            .select(sql<number>`1`.as("one"))
            .whereRef("userRoles.userID", "=", "users.userID")
            .where((inner) =>
              inner.or([
                inner("roles.type", "=", "administrator"),
                inner.exists(
                  inner
                    .selectFrom("rolePermissions")
                    .select(sql<number>`1`.as("one"))
                    .whereRef("rolePermissions.roleID", "=", "roles.roleID")
                    .where("rolePermissions.resourceType", "=", "global")
                    .where("rolePermissions.permission", "=", "site.manage"),
                ),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Called inside the write's transaction after its changes: 409 (and so a rollback of everything) when nobody
 * could manage the site any more. A site that had no manager before the write is not made worse by it.
 */
export async function assertSiteManagerRemains(trx: DbOrTx, before: number): Promise<void> {
  if (before > 0 && (await countSiteManagers(trx)) === 0) throw new ConflictError(LAST_ADMINISTRATOR_MESSAGE);
}

/** Runs a write that could lock the administrators out: roles locked, managers counted before and after. */
export async function keepingASiteManager<T>(
  trx: DbOrTx,
  dialect: Dialect,
  write: () => Promise<T>,
): Promise<T> {
  await lockRolesForAdministration(trx, dialect);
  const before = await countSiteManagers(trx);
  const result = await write();
  await assertSiteManagerRemains(trx, before);
  return result;
}
