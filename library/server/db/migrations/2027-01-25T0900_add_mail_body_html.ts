import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * The HTML part of a queued mail (a digest in the site's colours), sent beside the plain text; null for mail that
 * is plain text only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mailOutbox").addColumn("bodyHtml", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mailOutbox").dropColumn("bodyHtml").execute();
}
