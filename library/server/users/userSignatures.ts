import type { DbOrTx } from "../db/database";

/** The stored (sanitised HTML) signatures of some users, in one query; users without one are left out. */
export async function loadSignatures(db: DbOrTx, userIDs: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIDs)].filter((userID) => userID > 0);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["userID", "signature"])
    .where("userID", "in", ids)
    .where("signature", "is not", null)
    .execute();
  return new Map(rows.flatMap((row) => (row.signature ? [[row.userID, row.signature] as const] : [])));
}
