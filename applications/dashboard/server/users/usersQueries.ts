import type { DbOrTx } from "@library/server/db/database";
import type { UserTable } from "@library/server/db/coreTables";
import type { Selectable } from "kysely";

export type UserRow = Selectable<UserTable>;

export interface RoleRef {
  roleID: number;
  name: string;
  personalInfo: boolean;
}

/** Any user, deleted ones included (callers decide between 404 and 410). */
export async function getUserRow(db: DbOrTx, userID: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst();
}

/** Roles of each user, in role sort order. */
export async function rolesByUser(db: DbOrTx, userIDs: readonly number[]): Promise<Map<number, RoleRef[]>> {
  const result = new Map<number, RoleRef[]>();
  if (userIDs.length === 0) return result;
  const rows = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.roleID", "userRoles.roleID")
    .select(["userRoles.userID", "roles.roleID", "roles.name", "roles.personalInfo"])
    .where("userRoles.userID", "in", [...new Set(userIDs)])
    .orderBy("roles.sort")
    .orderBy("roles.roleID")
    .execute();
  for (const row of rows) {
    const list = result.get(row.userID) ?? [];
    list.push({ roleID: row.roleID, name: row.name, personalInfo: row.personalInfo === 1 });
    result.set(row.userID, list);
  }
  return result;
}

export async function roleIDsOfUser(db: DbOrTx, userID: number): Promise<number[]> {
  const rows = await db.selectFrom("userRoles").select("roleID").where("userID", "=", userID).execute();
  return rows.map((row) => row.roleID);
}

/** Escapes `%`, `_` and `\` for a LIKE pattern written with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
