import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Unfinished long-runner jobs (API.md 28): who started it, what it does, what is left, and the key its
 * callback payloads are signed with. A row goes when the job finishes or expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("longRunnerJobs")
    .addColumn("jobID", "text", (c) => c.primaryKey())
    .addColumn("userID", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .addColumn("dateExpires", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("longRunnerJobs_dateExpires")
    .on("longRunnerJobs")
    .column("dateExpires")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("longRunnerJobs").execute();
}
