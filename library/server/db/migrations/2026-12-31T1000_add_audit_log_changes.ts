import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * What an audited write changed: the record's name when it was written (`recordName`) and the changed fields as
 * JSON (`changes`: `[{ field, before, after }]`, setting names with old and new values, role lists). Null for
 * entries written before, and for writes that change no field (a delete, a restore).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("auditLog").addColumn("recordName", "text").execute();
  await db.schema.alterTable("auditLog").addColumn("changes", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("auditLog").dropColumn("changes").execute();
  await db.schema.alterTable("auditLog").dropColumn("recordName").execute();
}
