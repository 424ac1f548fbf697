import { sql, type Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * Foreign keys between the forum's tables, the last guard behind the row locks of the writes (docs/concurrency.md):
 * a comment, a bookmark or a follow can no longer point at a discussion or category that is gone.
 *
 * - discussions.categoryID → categories (no action: deleting a category moves or deletes its discussions first)
 * - comments.discussionID → discussions, on delete cascade
 * - userDiscussions.discussionID → discussions, on delete cascade
 * - userCategories.categoryID → categories, on delete cascade
 *
 * Rows that already point at nothing (left by writes that raced before the locks) are removed first for the
 * cascading keys; they could never be shown. Discussions whose category is gone are kept: on PostgreSQL that key
 * is then added NOT VALID (checked for every new write, not for those rows). SQLite cannot add a key to an
 * existing table, so each table is rebuilt from its own stored definition plus the key, with its indexes.
 */

interface ForeignKey {
  table: string;
  column: string;
  parent: string;
  onDelete: "cascade" | "no action";
}

const FOREIGN_KEYS: ForeignKey[] = [
  { table: "discussions", column: "categoryID", parent: "categories", onDelete: "no action" },
  { table: "comments", column: "discussionID", parent: "discussions", onDelete: "cascade" },
  { table: "userDiscussions", column: "discussionID", parent: "discussions", onDelete: "cascade" },
  { table: "userCategories", column: "categoryID", parent: "categories", onDelete: "cascade" },
];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith("Postgres");
}

/** `where not exists (parent row)` for a key. */
function orphanCondition(key: ForeignKey) {
  return sql`not exists (select 1 from ${sql.table(key.parent)} p where p.${sql.ref(key.column)} = ${sql.table(
    key.table,
  )}.${sql.ref(key.column)})`;
}

async function removeOrphans(db: Kysely<unknown>): Promise<void> {
  for (const key of FOREIGN_KEYS.filter((candidate) => candidate.onDelete === "cascade"))
    await sql`delete from ${sql.table(key.table)} where ${orphanCondition(key)}`.execute(db);
}

async function hasOrphans(db: Kysely<unknown>, key: ForeignKey): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`select 1 as "one" from ${sql.table(key.table)}
    where ${orphanCondition(key)} limit 1`.execute(db);
  return rows.length > 0;
}

function constraintName(key: ForeignKey): string {
  return `${key.table}_${key.column}_fk`;
}

function referencesClause(key: ForeignKey) {
  return sql`foreign key (${sql.ref(key.column)}) references ${sql.table(key.parent)} (${sql.ref(key.column)})
    on delete ${sql.raw(key.onDelete)}`;
}

async function addPostgresKeys(db: Kysely<unknown>): Promise<void> {
  for (const key of FOREIGN_KEYS) {
    const notValid = (await hasOrphans(db, key)) ? sql` not valid` : sql``;
    await sql`alter table ${sql.table(key.table)} add constraint ${sql.ref(constraintName(key))}
      ${referencesClause(key)}${notValid}`.execute(db);
  }
}

async function schemaSql(db: Kysely<unknown>, type: "table" | "index", table: string): Promise<string[]> {
  const { rows } = await sql<{ sql: string | null }>`select "sql" from "sqlite_master"
    where "type" = ${type} and "tbl_name" = ${table} and "sql" is not null`.execute(db);
  return rows.flatMap((row) => (row.sql ? [row.sql] : []));
}

/** SQLite's documented table rebuild: new table with the key, copy, drop, rename, indexes again. */
async function rebuildSqliteTable(db: Kysely<unknown>, keys: ForeignKey[]): Promise<void> {
  const table = keys[0]?.table;
  if (!table) return;
  const [definition] = await schemaSql(db, "table", table);
  if (!definition) throw new Error(`Table ${table} not found.`);
  const indexes = await schemaSql(db, "index", table);
  const rebuilt = `${table}__rebuild`;
  const open = definition.indexOf("(");
  const close = definition.lastIndexOf(")");
  const clauses = keys.map(
    (key) =>
      `, constraint "${constraintName(key)}" foreign key ("${key.column}") references "${key.parent}" ("${key.column}") on delete ${key.onDelete}`,
  );
  const create = `create table "${rebuilt}" ${definition.slice(open, close)}${clauses.join("")})`;
  await sql.raw(create).execute(db);
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

async function addSqliteKeys(db: Kysely<unknown>): Promise<void> {
  // Keys cannot be switched off inside a transaction, and the drops must not cascade: off, then one transaction.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      for (const table of [...new Set(FOREIGN_KEYS.map((key) => key.table))])
        await rebuildSqliteTable(
          db,
          FOREIGN_KEYS.filter((key) => key.table === table),
        );
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
  await removeOrphans(db);
  if (isPostgres(db)) await addPostgresKeys(db);
  else await addSqliteKeys(db);
}

async function dropSqliteKeys(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    for (const table of [...new Set(FOREIGN_KEYS.map((key) => key.table))]) {
      const [definition] = await schemaSql(db, "table", table);
      if (!definition) continue;
      const indexes = await schemaSql(db, "index", table);
      const plain = definition.replace(
        /, constraint "[^"]+_fk" foreign key \("[^"]+"\) references "[^"]+" \("[^"]+"\) on delete (cascade|no action)/g,
        "",
      );
      const rebuilt = `${table}__rebuild`;
      await sql.raw(plain.replace(`"${table}"`, `"${rebuilt}"`)).execute(db);
      await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
      await sql`drop table ${sql.table(table)}`.execute(db);
      await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
      for (const index of indexes) await sql.raw(index).execute(db);
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return dropSqliteKeys(db);
  for (const key of FOREIGN_KEYS)
    await sql`alter table ${sql.table(key.table)} drop constraint if exists ${sql.ref(constraintName(key))}`.execute(
      db,
    );
}
