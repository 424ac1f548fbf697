import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Which add-ons the administrator enabled or disabled (an add-on without a row has its manifest's default), and
 * which of an add-on's declared permissions were already granted to the default roles once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("addons")
    .addColumn("key", "varchar(100)", (column) => column.primaryKey())
    .addColumn("enabled", "integer", (column) => column.notNull())
    .addColumn("seededPermissions", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", "varchar(40)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("addons").execute();
}
