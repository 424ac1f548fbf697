import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Threaded replies:
 * - `comments.tombstone` (1 = deleted with `deleteMethod: "tombstone"`: the row stays in its thread as a
 *   "deleted" placeholder so the replies under it keep their place);
 * - indexes for a thread's top-level comments and for the replies of a comment, both in date order;
 * - `userPreferences`: small per-member choices by name (the reader's flat/threaded reply display).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("comments")
    .addColumn("tombstone", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("comments_parentCommentID_dateInserted_commentID")
    .on("comments")
    .columns(["parentCommentID", "dateInserted", "commentID"])
    .execute();
  await db.schema
    .createIndex("comments_discussionID_parentCommentID_dateInserted_commentID")
    .on("comments")
    .columns(["discussionID", "parentCommentID", "dateInserted", "commentID"])
    .execute();
  await db.schema
    .createTable("userPreferences")
    .addColumn("userID", "integer", (c) => c.notNull())
    .addColumn("preference", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("userPreferences_pk", ["userID", "preference"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userPreferences").execute();
  await db.schema.dropIndex("comments_discussionID_parentCommentID_dateInserted_commentID").execute();
  await db.schema.dropIndex("comments_parentCommentID_dateInserted_commentID").execute();
  await db.schema.alterTable("comments").dropColumn("tombstone").execute();
}
