import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { testDatabaseUrl } from "../config/config";
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from "../db/database";

/** Runs statements on the test database's own connection (outside any test schema). */
export async function adminStatement(statement: string): Promise<void> {
  const url = testDatabaseUrl();
  if (!url) throw new Error("TEST_DATABASE_URL is not set.");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An empty database, not migrated: in-memory SQLite, or a new PostgreSQL schema that `drop` removes. For tests of
 * the migrations themselves (API tests take createTestApp's migrated database).
 */
export async function emptyDatabase(
  dialect: Dialect,
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (dialect === "sqlite") return { handle: openSqlite(":memory:"), drop: () => Promise.resolve() };
  const url = testDatabaseUrl() ?? "";
  const schema = `test_${randomBytes(6).toString("hex")}`;
  await adminStatement(`CREATE SCHEMA "${schema}"`);
  const separator = url.includes("?") ? "&" : "?";
  const handle = openPostgres(
    `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    2,
  );
  return { handle, drop: () => adminStatement(`DROP SCHEMA "${schema}" CASCADE`) };
}

/** The migration tables (`migrations_<owner>` and their locks) of the database's current schema, by name. */
export async function migrationTableNames(handle: DatabaseHandle): Promise<string[]> {
  const rows =
    handle.dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name like 'migrations\\_%' escape '\\' order by name`.execute(handle.db)
      : await sql<{ name: string }>`select table_name as "name" from information_schema.tables
          where table_schema = current_schema() and table_name like 'migrations\\_%' order by table_name`.execute(
          handle.db,
        );
  return rows.rows.map((row) => row.name);
}
