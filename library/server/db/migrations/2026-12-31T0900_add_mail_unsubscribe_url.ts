import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * The one-click unsubscribe address of a queued mail (notification mail: turns off that kind's email for its
 * member). Sent as the `List-Unsubscribe` header; null for mail a member cannot unsubscribe from (confirmation,
 * password reset).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mailOutbox").addColumn("unsubscribeUrl", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mailOutbox").dropColumn("unsubscribeUrl").execute();
}
