import type { Db } from "../db/database";

/** The names of a member's roles, alphabetically (the audit log writes them joined by ", "). */
export async function userRoleNames(db: Db, userID: number): Promise<string[]> {
  const rows = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.roleID", "userRoles.roleID")
    .select("roles.name")
    .where("userRoles.userID", "=", userID)
    .orderBy("roles.name")
    .execute();
  return rows.map((row) => row.name);
}
