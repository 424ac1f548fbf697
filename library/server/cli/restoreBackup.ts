import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import {
  checkBackupArchive,
  isBackupArchive,
  unpackBackupArchive,
  type ArchiveDatabaseFormat,
} from "../backups/backupArchive";
import {
  checkPgDumpScript,
  checkSqliteBackup,
  headOf,
  PG_DUMP_HEADER,
  SQLITE_HEADER,
} from "../backups/backupDatabaseCheck";
import type { ServerConfig } from "../config/config";
import { postgresDriver } from "../db/postgresDriver";
import { sqliteFileIn } from "../db/walCheckpoints";

const run = promisify(execFile);

export const NOT_A_BACKUP = "This file is not a backup archive.";

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
    const target = sqliteFileIn(config.dataDir);
    if (sqliteHasSite(target))
      throw new Error(`${target} already holds a site. Restore into a fresh data directory (DATA_DIR=...).`);
    return;
  }
  const client = new (postgresDriver().Client)({ connectionString: config.databaseUrl });
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

/** What a file is: a backup archive, a bare SQLite snapshot or pg_dump script (older backups), or neither. */
function backupKind(file: string): "archive" | ArchiveDatabaseFormat | null {
  if (isBackupArchive(file)) return "archive";
  const head = headOf(file, PG_DUMP_HEADER.length);
  if (head.startsWith(SQLITE_HEADER)) return "sqlite";
  if (head.startsWith(PG_DUMP_HEADER)) return "pg_dump";
  return null;
}

function requireMatchingDatabase(config: ServerConfig, format: ArchiveDatabaseFormat): void {
  if (!config.databaseUrl && format !== "sqlite")
    throw new Error("This is not an SQLite backup; set DATABASE_URL to restore a PostgreSQL one.");
  if (config.databaseUrl && format === "sqlite")
    throw new Error("This is an SQLite backup; unset DATABASE_URL to restore it into a data directory.");
}

/** Puts a checked database in place: the SQLite file is renamed into the data directory, a script runs in psql. */
async function putDatabaseInPlace(config: ServerConfig, database: string): Promise<string> {
  if (!config.databaseUrl) {
    const target = sqliteFileIn(config.dataDir);
    fs.renameSync(database, target);
    return target;
  }
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
      database,
      config.databaseUrl,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return "the PostgreSQL database";
}

/**
 * `npm run forum -- restore FILE`: puts a backup made from the dashboard into a fresh install. A backup archive
 * (`….sqlite.tar`, `….sql.tar`) holds the database, the uploads and their checksums; a bare `.sqlite` snapshot or
 * `pg_dump` script is an older backup. Nothing is written until the backup has passed every check: the archive is
 * read through against its checksums (archives made before checksums have none), then unpacked into a folder of
 * its own in the data directory, where the database gets its own check (SQLite's `PRAGMA integrity_check`, a
 * pg_dump script's header and closing line). Only then is the SQLite file renamed into place (or the script run
 * with psql against DATABASE_URL, in one transaction) and the uploads folder after it. Refuses to overwrite a
 * site that is already there (its database or its uploads): restore into a fresh data directory and an empty
 * database, then start the server (it applies any newer migrations). A refused or failed restore leaves the
 * data directory as it was.
 */
export async function restoreBackup(
  config: ServerConfig,
  file: string,
  out: (text: string) => void,
): Promise<void> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new Error(`No backup at ${file}.`);
  const kind = backupKind(file);
  if (!kind) throw new Error(NOT_A_BACKUP);
  const archive = kind === "archive" ? await checkBackupArchive(file) : null;
  const format = archive?.format ?? (kind as ArchiveDatabaseFormat);
  requireMatchingDatabase(config, format);
  const uploadsDir = path.join(config.dataDir, "uploads");
  if (archive && hasUploads(uploadsDir))
    throw new Error(
      `${uploadsDir} already holds uploads. Restore into a fresh data directory (DATA_DIR=...).`,
    );
  await requireFreshDatabase(config);

  const hadDataDir = fs.existsSync(config.dataDir);
  // On the data directory's own disk, so what passed the checks is renamed into place, not copied.
  const staging = path.join(config.dataDir, `.restoring-${process.pid}`);
  fs.mkdirSync(staging, { recursive: true });
  const stagedUploads = path.join(staging, "uploads");
  try {
    let database = file;
    if (kind !== "pg_dump") {
      database = path.join(staging, format === "sqlite" ? "forum.sqlite" : "database.sql");
      if (archive) await unpackBackupArchive(file, database, stagedUploads);
      else fs.copyFileSync(file, database);
    }
    if (format === "sqlite") checkSqliteBackup(database);
    else checkPgDumpScript(database);
    const target = await putDatabaseInPlace(config, database);
    if (!archive) {
      out(`Restored ${file} into ${target}.`);
      return;
    }
    try {
      if (fs.existsSync(stagedUploads)) fs.renameSync(stagedUploads, uploadsDir);
    } catch (error) {
      // Not half a site: the database file goes again (a PostgreSQL restore has committed; the error says so).
      if (!config.databaseUrl) fs.rmSync(target, { force: true });
      throw error;
    }
    if (!archive.checksummed)
      out(
        "This archive has no checksums (it was made before backups carried them); its database passed its check.",
      );
    out(`Restored ${file} (the database and the uploads) into ${target} and ${uploadsDir}.`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!hadDataDir && fs.readdirSync(config.dataDir).length === 0) fs.rmdirSync(config.dataDir);
  }
}
