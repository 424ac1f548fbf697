import type { SelectQueryBuilder, Transaction } from "kysely";
import type { Database, Db, Dialect } from "./database";

/**
 * Writes that decide from what they read (a comment's discussion, a discussion's category, a counter) read it
 * inside their transaction, under a row lock, and take the locks in one order so two writers never wait on
 * each other in a circle:
 *
 *   category → discussion → comment → user
 *
 * Within one level, rows are locked in ascending id order (several categories: ancestors and both ends of a
 * move, by categoryID; several users, by userID). A level may be skipped, never taken backwards. Child rows
 * that belong to one record (reactions of a comment, participants of a conversation) come after it.
 *
 * PostgreSQL: `forUpdate` adds `FOR UPDATE`; serialization failures and deadlocks (SQLSTATE 40001, 40P01)
 * still happen under load (an index page, a foreign-key check), so `writeTransaction` runs the whole function
 * again a few times, with a small jittered backoff.
 *
 * SQLite: one writer at a time. better-sqlite3 is synchronous and Kysely runs every statement of a process on
 * its single connection, one transaction after the other; across processes `openSqlite` begins transactions
 * with `BEGIN IMMEDIATE`, so the writer lock is taken (waiting up to busy_timeout) before the first read.
 * `forUpdate` is therefore a no-op there.
 *
 * See docs/concurrency.md.
 */

/** How often a transaction runs in all before its last retryable failure is thrown. */
export const WRITE_ATTEMPTS = 5;
const BACKOFF_MS = 15;

const RETRYABLE_SQLSTATES = new Set(["40001", "40P01"]);
const RETRYABLE_SQLITE_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED"]);

/**
 * Thrown inside a write transaction when a row read before its lock changed before the lock was taken (a
 * discussion moved to another category between the first read and the lock): the transaction runs again.
 */
export class StaleReadError extends Error {
  constructor(what: string) {
    super(`${what} changed while it was being locked.`);
    this.name = "StaleReadError";
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** A failure that a fresh run of the same transaction may not meet. */
export function isRetryableWriteError(error: unknown): boolean {
  if (error instanceof StaleReadError) return true;
  const code = errorCode(error);
  return code !== undefined && (RETRYABLE_SQLSTATES.has(code) || RETRYABLE_SQLITE_CODES.has(code));
}

function backoff(attempt: number): Promise<void> {
  const ms = BACKOFF_MS * 2 ** attempt * (0.5 + Math.random());
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `write` in one transaction and returns its result. On a serialization failure, a deadlock or a
 * `StaleReadError` the transaction is rolled back and `write` runs again (up to `WRITE_ATTEMPTS` times), so it
 * must have no effect outside the transaction before it returns (emit events and invalidate caches after).
 */
export async function writeTransaction<T>(
  db: Db,
  dialect: Dialect,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction().execute(write);
    } catch (error) {
      if (attempt + 1 >= WRITE_ATTEMPTS || !isRetryableWriteError(error)) throw error;
      // SQLite waits in busy_timeout itself; PostgreSQL conflicts clear fastest with a short random pause.
      await backoff(dialect === "postgres" ? attempt : 0);
    }
  }
}

/**
 * `FOR UPDATE` on PostgreSQL, nothing on SQLite (see above). Use with `$call`:
 * `trx.selectFrom("discussions").selectAll().where(…).$call(forUpdate(dialect))`.
 */
export function forUpdate(dialect: Dialect) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB =>
    dialect === "postgres" ? (query.forUpdate() as QB) : query;
}
