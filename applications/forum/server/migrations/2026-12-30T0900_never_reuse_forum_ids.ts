import { sql, type Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Ids that are never handed out twice. On SQLite an `integer primary key` without AUTOINCREMENT takes the largest
 * id plus one, so deleting the newest row gives its id to the next one: a draft, an upload, a category, a
 * discussion or a comment a client still holds (in a link, a bookmark, an editor) would then name another
 * record. These tables lose rows for good (posted and discarded drafts, orphaned uploads, deleted categories and
 * the discussions purged with them), so on SQLite they are rebuilt with AUTOINCREMENT, parents before children.
 * PostgreSQL's identity sequences never give an id back: nothing to do there. (Ids freed before this migration
 * cannot be known; from here on none is reused.)
 */
const TABLES = [
  { table: "categories", column: "categoryID" },
  { table: "discussions", column: "discussionID" },
  { table: "comments", column: "commentID" },
  { table: "drafts", column: "draftID" },
  { table: "media", column: "mediaID" },
];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith("Postgres");
}

/** SQLite's stored `create table` statement of a table, and those of its own indexes. */
async function schemaSql(db: Kysely<unknown>, type: "table" | "index", table: string): Promise<string[]> {
  const { rows } = await sql<{ sql: string | null }>`select "sql" from "sqlite_master"
    where "type" = ${type} and "tbl_name" = ${table} and "sql" is not null`.execute(db);
  return rows.flatMap((row) => (row.sql ? [row.sql] : []));
}

/** The definition with `autoincrement` added to (or, going down, removed from) the id column; null: already so. */
function switchAutoincrement(definition: string, column: string, on: boolean): string | null {
  const plain = new RegExp(`("${column}" integer primary key)(?! autoincrement)`, "i");
  const auto = new RegExp(`("${column}" integer primary key) autoincrement`, "i");
  if (on ? auto.test(definition) : plain.test(definition)) return null;
  const pattern = on ? plain : auto;
  if (!pattern.test(definition)) throw new Error(`No integer primary key "${column}" in: ${definition}`);
  return definition.replace(pattern, on ? "$1 autoincrement" : "$1");
}

/**
 * SQLite's documented table rebuild: a new table from the stored definition with the id column changed, the rows
 * copied with their ids (the table's sequence starts after the largest), the old table dropped, the new one
 * renamed, its indexes made again. Foreign keys are part of the definition, so they are kept.
 */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, column: string, on: boolean) {
  const [definition] = await schemaSql(db, "table", table);
  if (!definition) return;
  const changed = switchAutoincrement(definition, column, on);
  if (changed === null) return;
  const indexes = await schemaSql(db, "index", table);
  const rebuilt = `${table}__rebuild`;
  await sql.raw(`create table "${rebuilt}" ${changed.slice(changed.indexOf("("))}`).execute(db);
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

async function rebuildSqliteTables(db: Kysely<unknown>, on: boolean): Promise<void> {
  // Keys cannot be switched off inside a transaction, and the drops must not cascade: off, then one transaction.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      for (const { table, column } of TABLES) await rebuildSqliteTable(db, table, column, on);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuildSqliteTables(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await rebuildSqliteTables(db, false);
}
