import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the add-on and must never be edited once merged.

/**
 * The discussion of each embedded page (blog comments): one per foreign id, the key that makes two first views
 * at once create one discussion. The table stays when the add-on is disabled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("embedDiscussions")
    .addColumn("foreignID", "text", (column) => column.primaryKey())
    .addColumn("discussionID", "integer", (column) => column.notNull())
    .addColumn("url", "text", (column) => column.notNull())
    .addColumn("dateInserted", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("embedDiscussions_discussion")
    .on("embedDiscussions")
    .columns(["discussionID"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("embedDiscussions").execute();
}
