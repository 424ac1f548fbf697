import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the add-on and must never be edited once merged.

/**
 * Poll ballots: one row per member and poll (the primary key is what makes it one vote per member, whatever
 * races), the options each ballot chose, and polls closed before their date. The poll itself (question,
 * options, closing date) is the discussion's postMeta. The tables stay when the add-on is disabled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pollBallots")
    .addColumn("discussionID", "integer", (column) => column.notNull())
    .addColumn("userID", "integer", (column) => column.notNull())
    .addColumn("dateUpdated", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("pollBallots_pk", ["discussionID", "userID"])
    .execute();
  await db.schema
    .createTable("pollChoices")
    .addColumn("discussionID", "integer", (column) => column.notNull())
    .addColumn("userID", "integer", (column) => column.notNull())
    .addColumn("optionID", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("pollChoices_pk", ["discussionID", "userID", "optionID"])
    .execute();
  await db.schema
    .createIndex("pollChoices_option")
    .on("pollChoices")
    .columns(["discussionID", "optionID"])
    .execute();
  await db.schema
    .createTable("pollClosures")
    .addColumn("discussionID", "integer", (column) => column.primaryKey())
    .addColumn("closedByUserID", "integer", (column) => column.notNull())
    .addColumn("dateClosed", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pollClosures").execute();
  await db.schema.dropTable("pollChoices").execute();
  await db.schema.dropTable("pollBallots").execute();
}
