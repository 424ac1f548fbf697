import type { DbOrTx } from "@library/server/db/database";

/** Ids of the roles of a default-role type ("member", "unconfirmed", ...), inside any transaction. */
export async function roleIDsOfType(db: DbOrTx, type: string): Promise<number[]> {
  const rows = await db
    .selectFrom("roles")
    .select("roleID")
    .where("type", "=", type)
    .orderBy("roleID")
    .execute();
  return rows.map((row) => row.roleID);
}

/** Replaces every role of a user. */
export async function replaceUserRoles(
  db: DbOrTx,
  userID: number,
  roleIDs: readonly number[],
): Promise<void> {
  await db.deleteFrom("userRoles").where("userID", "=", userID).execute();
  const unique = [...new Set(roleIDs)];
  if (unique.length > 0) {
    await db
      .insertInto("userRoles")
      .values(unique.map((roleID) => ({ userID, roleID })))
      .execute();
  }
}
