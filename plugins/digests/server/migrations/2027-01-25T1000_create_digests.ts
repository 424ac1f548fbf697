import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the add-on and must never be edited once merged.

/** Members' digest frequencies, the periods started and one claim per member and period. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("digestMembers")
    .addColumn("userID", "integer", (column) => column.primaryKey())
    .addColumn("frequency", "text", (column) => column.notNull())
    .addColumn("dateUpdated", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("digestPeriods")
    .addColumn("periodKey", "text", (column) => column.primaryKey())
    .addColumn("dateScheduled", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("digestSends")
    .addColumn("userID", "integer", (column) => column.notNull())
    .addColumn("periodKey", "text", (column) => column.notNull())
    .addColumn("mailID", "integer", (column) => column.notNull())
    .addColumn("dateSent", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("digestSends_pk", ["userID", "periodKey"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("digestSends").execute();
  await db.schema.dropTable("digestPeriods").execute();
  await db.schema.dropTable("digestMembers").execute();
}
