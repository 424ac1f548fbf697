import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import pg from "pg";

/**
 * The database schema. Empty here: every owner of tables (library/server/db/coreTables.ts, each application's
 * server/tables.ts) merges its tables into this interface with `declare module`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Db = Kysely<Database>;
export type DbOrTx = Kysely<Database> | Transaction<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL only: how to open a dedicated connection (the live bus LISTENs on one). */
  connectionString?: string;
  destroy(): Promise<void>;
}

// PostgreSQL returns BIGINT (COUNT, SUM) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));

export function openSqlite(file: string): DatabaseHandle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("cache_size = -32000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", connectionString, destroy: () => db.destroy() };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openSqlite(path.join(options.dataDir, "forum.sqlite"));
}
