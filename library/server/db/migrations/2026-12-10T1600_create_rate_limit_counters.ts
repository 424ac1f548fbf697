import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/** Rate-limit counters (a window opens at a subject's first hit), shared by every server process. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rateLimitCounters")
    .addColumn("bucket", "text", (c) => c.primaryKey())
    .addColumn("windowStart", "integer", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rateLimitCounters_windowStart")
    .on("rateLimitCounters")
    .column("windowStart")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rateLimitCounters").execute();
}
