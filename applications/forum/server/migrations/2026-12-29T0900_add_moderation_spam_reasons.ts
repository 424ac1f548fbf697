import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/** What made up a held post's spam score: a JSON array of `{signal, count, points}` (empty: none). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("moderationItems")
    .addColumn("spamReasons", "text", (column) => column.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("moderationItems").dropColumn("spamReasons").execute();
}
