import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Content translations (API.md 23): one row per property of a record in one locale, keyed by the resource
 * (`vanilla`…), `"{recordType}.{recordID|recordKey}.{propertyName}"` and the locale. And the configuration of
 * each machine translation service (API.md 22): its JSON settings, secrets included, never sent back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("translations")
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("translationPropertyKey", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("recordType", "text", (c) => c.notNull())
    .addColumn("recordID", "integer")
    .addColumn("recordKey", "text")
    .addColumn("propertyName", "text", (c) => c.notNull())
    .addColumn("propertyType", "text")
    .addColumn("translation", "text", (c) => c.notNull())
    .addColumn("dateUpdated", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("translations_pk", ["resource", "translationPropertyKey", "locale"])
    .execute();
  await db.schema
    .createIndex("translations_resource_locale_recordType")
    .on("translations")
    .columns(["resource", "locale", "recordType"])
    .execute();
  await db.schema
    .createTable("translationServiceConfigs")
    .addColumn("type", "text", (c) => c.primaryKey())
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("isDefault", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("dateUpdated", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("translationServiceConfigs").execute();
  await db.schema.dropTable("translations").execute();
}
