import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith("Postgres");
}

/**
 * Invitations to register: the address invited, who invited, until when the link works, and who registered
 * with it. Only a hash of the code in the link is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("invitations")
    .addColumn("invitationID", "integer", (c) =>
      isPostgres(db) ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("codeHash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("insertUserID", "integer", (c) => c.notNull())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .addColumn("dateExpires", "text", (c) => c.notNull())
    .addColumn("acceptedUserID", "integer")
    .addColumn("dateAccepted", "text")
    .execute();
  await db.schema.createIndex("invitations_dateInserted").on("invitations").column("dateInserted").execute();
  await db.schema.createIndex("invitations_email").on("invitations").column("email").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invitations").execute();
}
