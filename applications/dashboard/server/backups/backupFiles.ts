import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { BackupFile } from "@forum/api/backups";
import type { AppContext } from "@library/server/app/appContext";
import { packBackupArchive } from "@library/server/backups/backupArchive";
import { backupSourceOf } from "@library/server/db/database";
import { sql } from "kysely";

const run = promisify(execFile);

/**
 * `forum-2026-11-25T09-00-00-000Z.sqlite.tar` (or `.sql.tar` on PostgreSQL): the database and the uploads in one
 * archive, with `-scheduled` before the extension for the schedule's backups. Older backups were the bare
 * database (`….sqlite`, `….sql`). These are the only names the download route serves.
 */
export const BACKUP_NAME_PATTERN =
  /^forum-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-scheduled)?\.(sqlite|sql)(\.tar)?$/;

export function backupsDir(context: AppContext): string {
  return path.join(context.config.dataDir, "backups");
}

function describe(dir: string, fileName: string): BackupFile {
  const stat = fs.statSync(path.join(dir, fileName));
  return {
    fileName,
    size: stat.size,
    dateInserted: stat.mtime.toISOString(),
    format: /\.sql(\.tar)?$/.test(fileName) ? "pg_dump" : "sqlite",
    scheduled: fileName.includes("-scheduled."),
  };
}

/** The backups kept in the data directory, newest first. */
export function listBackups(context: AppContext): BackupFile[] {
  const dir = backupsDir(context);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME_PATTERN.test(name))
    .map((name) => describe(dir, name))
    .sort((a, b) => b.fileName.localeCompare(a.fileName));
}

/** The path of a kept backup, or null for any other name (no path can leave the folder). */
export function backupPath(context: AppContext, fileName: string): string | null {
  if (!BACKUP_NAME_PATTERN.test(fileName)) return null;
  const file = path.join(backupsDir(context), fileName);
  return fs.existsSync(file) ? file : null;
}

/**
 * One consistent snapshot of the running database, packed with the uploaded files into the data directory's
 * `backups` folder: SQLite through its online backup API (pages copied while the site keeps writing),
 * PostgreSQL through `pg_dump` (one transaction snapshot; only the site's schema when it is not `public`).
 * Written under temporary names and renamed when complete, so the list never shows half a backup.
 */
export async function makeBackup(
  context: AppContext,
  options: { scheduled?: boolean } = {},
): Promise<BackupFile> {
  const source = backupSourceOf(context.db);
  const dir = backupsDir(context);
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const extension = context.dialect === "sqlite" ? "sqlite" : "sql";
  const fileName = `forum-${stamp}${options.scheduled ? "-scheduled" : ""}.${extension}.tar`;
  const partial = path.join(dir, `${fileName}.database.partial`);
  const archive = path.join(dir, `${fileName}.partial`);
  try {
    if (context.dialect === "sqlite") {
      if (!source?.sqlite) throw new Error("This database cannot be backed up from here.");
      await source.sqlite.backup(partial);
    } else {
      if (!source?.connectionString) throw new Error("This database cannot be backed up from here.");
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(context.db))
        .rows[0]?.schema;
      const only = schema && schema !== "public" ? [`--schema=${schema}`] : [];
      await run(
        "pg_dump",
        ["--no-owner", "--no-privileges", ...only, "--file", partial, source.connectionString],
        {
          maxBuffer: 1024 * 1024,
        },
      );
    }
    await packBackupArchive(
      archive,
      { file: partial, format: context.dialect === "sqlite" ? "sqlite" : "pg_dump" },
      path.join(context.config.dataDir, "uploads"),
    );
    fs.renameSync(archive, path.join(dir, fileName));
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(archive, { force: true });
  }
  return describe(dir, fileName);
}
