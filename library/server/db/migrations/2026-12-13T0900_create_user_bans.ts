import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/** Why a member is banned and until when (null: until unbanned), one row per banned member. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("userBans")
    .addColumn("userID", "integer", (c) => c.primaryKey())
    .addColumn("reason", "text")
    .addColumn("dateExpires", "text")
    .addColumn("insertUserID", "integer", (c) => c.notNull())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userBans").execute();
}
