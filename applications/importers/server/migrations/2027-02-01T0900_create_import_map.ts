import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * The import map: which local record each record of another forum became, per source (its normalized address)
 * and kind. An import writes a record and its map row in one transaction, so a second run skips every mapped
 * record and a stopped run resumes where the map ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("importMap")
    .addColumn("sourceKey", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("foreignID", "text", (c) => c.notNull())
    .addColumn("localID", "integer", (c) => c.notNull())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("importMap_pk", ["sourceKey", "kind", "foreignID"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("importMap").ifExists().execute();
}
