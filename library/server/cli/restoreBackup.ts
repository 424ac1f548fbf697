import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { ServerConfig } from "../config/config";

const run = promisify(execFile);

const SQLITE_HEADER = "SQLite format 3\u0000";

/** Is there a database file here already (a fresh data directory has none)? */
function sqliteHasSite(file: string): boolean {
  return fs.existsSync(file) && fs.statSync(file).size > 0;
}

/**
 * `npm run forum -- restore FILE`: puts a backup made from the dashboard into a fresh install. A `.sqlite`
 * snapshot becomes the data directory's database file; a `pg_dump` script is run with psql against
 * DATABASE_URL. Refuses to overwrite a site that is already there: restore into a fresh data directory or an
 * empty database, then start the server (it applies any newer migrations).
 */
export async function restoreBackup(
  config: ServerConfig,
  file: string,
  out: (text: string) => void,
): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}.`);
  const head = Buffer.alloc(16);
  const descriptor = fs.openSync(file, "r");
  fs.readSync(descriptor, head, 0, 16, 0);
  fs.closeSync(descriptor);
  const isSqlite = head.toString("latin1") === SQLITE_HEADER;

  if (!config.databaseUrl) {
    if (!isSqlite)
      throw new Error("This is not an SQLite backup; set DATABASE_URL to restore a PostgreSQL one.");
    const target = path.join(config.dataDir, "forum.sqlite");
    if (sqliteHasSite(target))
      throw new Error(`${target} already holds a site. Restore into a fresh data directory (DATA_DIR=...).`);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(file, target);
    out(`Restored ${file} into ${target}.`);
    return;
  }

  if (isSqlite)
    throw new Error("This is an SQLite backup; unset DATABASE_URL to restore it into a data directory.");
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ count: string }>(
      "select count(*) as count from information_schema.tables where table_schema = current_schema()",
    );
    if (Number(tables.rows[0]?.count ?? 0) > 0)
      throw new Error("The database already has tables. Restore into an empty database.");
  } finally {
    await client.end();
  }
  await run("psql", ["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--file", file, config.databaseUrl], {
    maxBuffer: 16 * 1024 * 1024,
  });
  out(`Restored ${file} into the PostgreSQL database.`);
}
