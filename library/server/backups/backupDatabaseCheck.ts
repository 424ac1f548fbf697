import fs from "node:fs";
import SQLite from "better-sqlite3";

/** The first bytes of an SQLite database file. */
export const SQLITE_HEADER = "SQLite format 3\u0000";
/** How a plain pg_dump script (what backups on PostgreSQL are) begins, and the line it ends with. */
export const PG_DUMP_HEADER = "--\n-- PostgreSQL database dump\n";
const PG_DUMP_FOOTER = "\n-- PostgreSQL database dump complete\n";

function damaged(reason: string): Error {
  return new Error(`The database in this backup is damaged (${reason}).`);
}

function readBytes(file: string, start: number, length: number): string {
  const buffer = Buffer.alloc(length);
  const descriptor = fs.openSync(file, "r");
  try {
    const read = fs.readSync(descriptor, buffer, 0, length, start);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    fs.closeSync(descriptor);
  }
}

/** The first `length` bytes of a file, as text. */
export function headOf(file: string, length: number): string {
  return readBytes(file, 0, length);
}

/**
 * SQLite's own check of every page and index (`PRAGMA integrity_check`) on an unpacked copy, before it is put in
 * place: a damaged file would restore and then keep the server from starting ("database disk image is
 * malformed"). The copy may be opened for writing (a snapshot in WAL mode needs that), so never the original.
 */
export function checkSqliteBackup(copy: string): void {
  let results: string[];
  try {
    const database = new SQLite(copy, { fileMustExist: true });
    try {
      results = (database.pragma("integrity_check") as { integrity_check: string }[]).map(
        (row) => row.integrity_check,
      );
    } finally {
      database.close();
    }
  } catch (error) {
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  if (results.length !== 1 || results[0] !== "ok")
    throw damaged(`integrity check: ${results.slice(0, 3).join("; ")}`);
}

/**
 * A plain pg_dump script is whole when it begins with pg_dump's header and ends with its closing line (and,
 * from pg_dump 17.6/16.10/15.14 on, lifts the `\restrict` key it set): psql would run a script cut short after
 * its last complete statement and leave a database without the indexes and constraints that come last.
 */
export function checkPgDumpScript(file: string): void {
  const size = fs.statSync(file).size;
  const head = readBytes(file, 0, 4096);
  const tail = readBytes(file, Math.max(0, size - 4096), 4096);
  if (!head.startsWith(PG_DUMP_HEADER)) throw damaged("it is not a pg_dump script");
  const restrictKey = /^\\restrict (\S+)$/m.exec(head)?.[1];
  if (!tail.includes(PG_DUMP_FOOTER) || (restrictKey && !tail.includes(`\\unrestrict ${restrictKey}`)))
    throw damaged("the pg_dump script ends early");
}
