import type { Kysely, Migration } from "kysely";
import type { Db } from "../db/database";
import { migrateToLatest } from "../db/migrate";

/**
 * The migration in a transaction of its own: a migration that fails half-way (a table created, then a bad
 * statement) leaves nothing behind, so the fixed migration runs again on a clean database. PostgreSQL already
 * runs an owner's migrations in one transaction (the runner hands them a transaction); SQLite gets one here.
 */
function inTransaction(migration: Migration): Migration {
  const run =
    (step: (db: Kysely<unknown>) => Promise<void>) =>
    (db: Kysely<unknown>): Promise<void> =>
      db.isTransaction ? step(db) : db.transaction().execute((trx) => step(trx));
  return {
    up: run((db) => migration.up(db)),
    ...(migration.down ? { down: run((db) => migration.down?.(db) ?? Promise.resolve()) } : {}),
  };
}

/** Runs one add-on's migrations (owner = its key), each in a transaction; throws with the migration's name and the database's message. */
export async function migrateAddon(
  db: Db,
  key: string,
  migrations: Record<string, Migration>,
): Promise<void> {
  const wrapped = Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, inTransaction(m)]));
  await migrateToLatest(db as never, [{ owner: key, migrations: wrapped }]);
}
