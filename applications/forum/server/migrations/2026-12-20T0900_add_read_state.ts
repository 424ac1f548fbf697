import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Read state: the last comment a member has read in each discussion (beside its date and count), and "mark as
 * read" marks per member and category (categoryID 0 marks everything), so marking a category or the whole site
 * read writes one row per category instead of one per discussion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("userDiscussions").addColumn("lastReadCommentID", "integer").execute();
  await db.schema
    .createTable("readMarks")
    .addColumn("userID", "integer", (c) => c.notNull())
    .addColumn("categoryID", "integer", (c) => c.notNull())
    .addColumn("dateMarkedRead", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("readMarks_pk", ["userID", "categoryID"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("readMarks").ifExists().execute();
  await db.schema.alterTable("userDiscussions").dropColumn("lastReadCommentID").execute();
}
