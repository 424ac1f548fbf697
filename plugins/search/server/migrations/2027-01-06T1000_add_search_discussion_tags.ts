import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * The tags of each indexed discussion, as the index knows them: kept by a job on the forum's tags-changed
 * event, so a tag filter reads the index's copy (its comments included through `discussionID`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("searchDiscussionTags")
    .addColumn("discussionID", "integer", (c) => c.notNull())
    .addColumn("tagID", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("searchDiscussionTags_pk", ["discussionID", "tagID"])
    .execute();
  await db.schema
    .createIndex("searchDiscussionTags_tagID_discussionID")
    .on("searchDiscussionTags")
    .columns(["tagID", "discussionID"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("searchDiscussionTags").execute();
}
