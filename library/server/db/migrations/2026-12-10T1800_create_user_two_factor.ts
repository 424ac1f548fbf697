import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/** A member's authenticator secret (pending until confirmed), the last step used and hashed recovery codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("userTwoFactor")
    .addColumn("userID", "integer", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("dateEnabled", "text")
    .addColumn("lastUsedStep", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recoveryCodes", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userTwoFactor").execute();
}
