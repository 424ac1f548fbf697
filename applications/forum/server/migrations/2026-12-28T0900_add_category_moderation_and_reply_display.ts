import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Two settings of a category: `preModeration` (1 = new posts in it are held for a moderator's approval) and
 * `replyDisplay` (`flat` = comments in date order, `threaded` = replies nested under the comment they answer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("categories")
    .addColumn("preModeration", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("categories")
    .addColumn("replyDisplay", "text", (c) => c.notNull().defaultTo("flat"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("categories").dropColumn("replyDisplay").execute();
  await db.schema.alterTable("categories").dropColumn("preModeration").execute();
}
