import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { isBackupArchive, unpackBackupArchive } from "../backups/backupArchive";
import type { ServerConfig } from "../config/config";

const run = promisify(execFile);

const SQLITE_HEADER = "SQLite format 3\u0000";

/** Is there a database file here already (a fresh data directory has none)? */
function sqliteHasSite(file: string): boolean {
  return fs.existsSync(file) && fs.statSync(file).size > 0;
}

/** Whether the data directory already holds uploaded files (a restore never mixes two sites' uploads). */
function hasUploads(uploadsDir: string): boolean {
  return fs.existsSync(uploadsDir) && fs.readdirSync(uploadsDir).length > 0;
}

/** Refuses to restore over a site: the data directory's database file, or a PostgreSQL schema with tables. */
async function requireFreshDatabase(config: ServerConfig): Promise<void> {
  if (!config.databaseUrl) {
    const target = path.join(config.dataDir, "forum.sqlite");
    if (sqliteHasSite(target))
      throw new Error(`${target} already holds a site. Restore into a fresh data directory (DATA_DIR=...).`);
    return;
  }
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
}

/** A bare database backup: an SQLite snapshot becomes the data directory's file, a pg_dump script runs in psql. */
async function restoreDatabase(config: ServerConfig, file: string): Promise<string> {
  const head = Buffer.alloc(16);
  const descriptor = fs.openSync(file, "r");
  try {
    fs.readSync(descriptor, head, 0, 16, 0);
  } finally {
    fs.closeSync(descriptor);
  }
  const isSqlite = head.toString("latin1") === SQLITE_HEADER;

  if (!config.databaseUrl) {
    if (!isSqlite)
      throw new Error("This is not an SQLite backup; set DATABASE_URL to restore a PostgreSQL one.");
    await requireFreshDatabase(config);
    const target = path.join(config.dataDir, "forum.sqlite");
    fs.mkdirSync(config.dataDir, { recursive: true });
    const partial = `${target}.restoring`;
    try {
      fs.copyFileSync(file, partial);
      fs.renameSync(partial, target);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return target;
  }

  if (isSqlite)
    throw new Error("This is an SQLite backup; unset DATABASE_URL to restore it into a data directory.");
  await requireFreshDatabase(config);
  // One transaction: a script that fails half-way leaves the database as empty as it was.
  await run(
    "psql",
    [
      "--quiet",
      "--no-psqlrc",
      "--single-transaction",
      "-v",
      "ON_ERROR_STOP=1",
      "--file",
      file,
      config.databaseUrl,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return "the PostgreSQL database";
}

/**
 * `npm run forum -- restore FILE`: puts a backup made from the dashboard into a fresh install. A backup archive
 * (`….sqlite.tar`, `….sql.tar`) holds the database and the uploads: the uploads go to the data directory's
 * `uploads` folder and the database is restored as a bare backup is. A bare `.sqlite` snapshot (older backups)
 * becomes the data directory's database file; a bare `pg_dump` script is run with psql against DATABASE_URL.
 * Refuses to overwrite a site that is already there (its database or its uploads): restore into a fresh data
 * directory and an empty database, then start the server (it applies any newer migrations). A failed restore
 * leaves no uploads behind.
 */
export async function restoreBackup(
  config: ServerConfig,
  file: string,
  out: (text: string) => void,
): Promise<void> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new Error(`No backup at ${file}.`);
  if (!isBackupArchive(file)) {
    const target = await restoreDatabase(config, file);
    out(`Restored ${file} into ${target}.`);
    return;
  }

  const uploadsDir = path.join(config.dataDir, "uploads");
  if (hasUploads(uploadsDir))
    throw new Error(
      `${uploadsDir} already holds uploads. Restore into a fresh data directory (DATA_DIR=...).`,
    );
  await requireFreshDatabase(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = path.join(config.dataDir, `restore-${process.pid}.database`);
  try {
    await unpackBackupArchive(file, database, uploadsDir);
    const target = await restoreDatabase(config, database);
    out(`Restored ${file} (the database and the uploads) into ${target} and ${uploadsDir}.`);
  } catch (error) {
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(database, { force: true });
  }
}
