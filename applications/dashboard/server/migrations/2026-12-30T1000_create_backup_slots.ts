import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * One row per slot of the backup schedule (`daily-2026-11-25T03`): the server process that inserts it makes
 * that slot's backup, so several processes make one backup per slot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("backupSlots")
    .addColumn("slot", "text", (c) => c.primaryKey())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .addColumn("fileName", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("backupSlots").execute();
}
