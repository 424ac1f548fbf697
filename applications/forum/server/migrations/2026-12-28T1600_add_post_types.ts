import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Post types: a discussion's post type id (null: its base `type`) and the type's own fields as JSON text (null:
 * none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("discussions").addColumn("postTypeID", "text").execute();
  await db.schema.alterTable("discussions").addColumn("postMeta", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("discussions").dropColumn("postMeta").execute();
  await db.schema.alterTable("discussions").dropColumn("postTypeID").execute();
}
