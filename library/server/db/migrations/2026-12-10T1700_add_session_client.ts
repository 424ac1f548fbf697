import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/** Where a session was opened from, so a member can tell their devices apart and end the ones they do not know. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("userAgent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("ipAddress", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("ipAddress").execute();
  await db.schema.alterTable("sessions").dropColumn("userAgent").execute();
}
