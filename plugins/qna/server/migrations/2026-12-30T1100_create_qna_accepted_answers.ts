import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the add-on and must never be edited once merged.

/** Accepted answers (comments) of questions; the table stays when the add-on is disabled. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("qnaAcceptedAnswers")
    .addColumn("commentID", "integer", (column) => column.primaryKey())
    .addColumn("discussionID", "integer", (column) => column.notNull())
    .addColumn("acceptedByUserID", "integer", (column) => column.notNull())
    .addColumn("dateAccepted", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("qnaAcceptedAnswers_discussion")
    .on("qnaAcceptedAnswers")
    .column("discussionID")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("qnaAcceptedAnswers").execute();
}
