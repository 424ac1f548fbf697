import { ConflictError, type HttpError, ServiceUnavailableError } from "./httpErrors";

/**
 * SQLSTATE classes and codes meaning "the database cannot be reached or is going away": connection exceptions
 * (08…), operator intervention (57P01 admin shutdown, which `pg_terminate_backend` sends; 57P02 crash
 * shutdown; 57P03 cannot connect now) and too many connections (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Node socket errors on the way to the database. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/** What `pg` says, without a code, when a connection ends under a query or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "connection timeout",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
];

const FOREIGN_KEY_VIOLATION = "23503";

/** No room left to write: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), a file write's ENOSPC. */
const DISK_FULL_CODES = new Set(["SQLITE_FULL", "53100", "ENOSPC"]);

function isErrorLike(error: unknown): error is { message: string; code?: unknown } {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** True for a failure that means the database is unreachable, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Not `instanceof Error`: socket errors are made by Node's own core, which under a sandboxing loader (the test
  // runner's) is another realm with another Error.
  if (!isErrorLike(error)) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  return UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text));
}

/** True for a write refused because the disk is full: nothing is wrong with the request, and it can be retried. */
export function isDiskFull(error: unknown): boolean {
  if (!isErrorLike(error)) return false;
  const code = codeOf(error);
  return code !== undefined && DISK_FULL_CODES.has(code);
}

export const DATABASE_UNAVAILABLE = "The database is unavailable. Try again in a moment.";
export const DISK_FULL = "The server's disk is full, so nothing can be saved right now. Try again later.";
export const RECORD_CHANGED = "The record was changed or removed meanwhile. Reload it and try again.";

/**
 * The typed error a raw database failure stands for, or null when it is a plain 500: an unreachable database
 * is a 503, and so is a full disk; a foreign key that no longer finds its parent (a discussion deleted while a
 * bookmark was written) is a 409.
 */
export function httpErrorForDatabaseFailure(error: unknown): HttpError | null {
  if (isDiskFull(error)) return new ServiceUnavailableError(DISK_FULL);
  if (isDatabaseUnavailable(error)) return new ServiceUnavailableError(DATABASE_UNAVAILABLE);
  if (isErrorLike(error) && codeOf(error) === FOREIGN_KEY_VIOLATION) return new ConflictError(RECORD_CHANGED);
  return null;
}
