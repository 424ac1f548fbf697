import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/** Pages served per UTC day (`2026-11-25`), added to in batches by every server process. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pageViewsDaily")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pageViewsDaily").execute();
}
