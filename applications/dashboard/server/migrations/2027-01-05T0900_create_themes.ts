import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith("Postgres");
}

/**
 * Themes made on the site (file themes come from theme add-ons): a name, the template they derive from and the
 * revision in force; every save is a revision with all of the theme's assets as JSON, kept for restore. Each
 * member's colour scheme (light, dark, system) is kept beside them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const identity = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn(name === "themes" ? "themeID" : "revisionID", "integer", (c) =>
        isPostgres(db) ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
      );
  await identity("themes")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("parentTheme", "text")
    .addColumn("parentVersion", "text")
    .addColumn("activeRevisionID", "integer")
    .addColumn("insertUserID", "integer", (c) => c.notNull())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .addColumn("dateUpdated", "text", (c) => c.notNull())
    .execute();
  await identity("themeRevisions")
    .addColumn("themeID", "integer", (c) => c.notNull())
    .addColumn("revisionName", "text")
    .addColumn("assets", "text", (c) => c.notNull())
    .addColumn("insertUserID", "integer", (c) => c.notNull())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("themeRevisions_themeID")
    .on("themeRevisions")
    .columns(["themeID", "revisionID"])
    .execute();
  await db.schema
    .createTable("memberColorSchemes")
    .addColumn("userID", "integer", (c) => c.primaryKey())
    .addColumn("colorScheme", "text", (c) => c.notNull())
    .addColumn("dateUpdated", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("memberColorSchemes").execute();
  await db.schema.dropTable("themeRevisions").execute();
  await db.schema.dropTable("themes").execute();
}
