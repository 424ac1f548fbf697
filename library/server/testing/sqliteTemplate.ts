import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { migrationSets } from "../app/buildContext";
import type { ServerApplication } from "../app/serverApplication";
import { backupSourceOf, openSqlite } from "../db/database";
import { migrateToLatest, type MigrationSet } from "../db/migrate";

/** The folder the Jest run's global setup made for migrated databases (jestGlobalSetup.js). */
export const TEMPLATES_ENV = "FORUM_TEST_TEMPLATES";

/** A name for the state every migration of `sets` leaves: the same sets, the same key. */
export function migrationSetsKey(sets: readonly MigrationSet[]): string {
  return createHash("sha256")
    .update(JSON.stringify(sets.map((set) => [set.owner, Object.keys(set.migrations).sort()])))
    .digest("hex")
    .slice(0, 16);
}

/**
 * The bytes of an SQLite database on which every migration of the core and `applications` has run, made once per
 * Jest run and kept in its templates folder: each test app opens an in-memory copy instead of running ~100
 * migrations (its migrator then finds nothing to do). Null outside a Jest run with that folder. Migrations
 * themselves are tested from an empty database (migrate.test.ts, migrateFromEmpty.test.ts).
 */
export async function migratedSqliteBytes(
  applications: readonly ServerApplication[],
): Promise<Buffer | null> {
  const folder = process.env[TEMPLATES_ENV];
  if (!folder || !fs.existsSync(folder)) return null;
  const sets = migrationSets(applications);
  const key = migrationSetsKey(sets);
  const file = path.join(folder, `${key}.sqlite`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const handle = openSqlite(":memory:");
  try {
    await migrateToLatest(handle.db as never, sets);
    const bytes = backupSourceOf(handle.db)?.sqlite?.serialize();
    if (!bytes) return null;
    // Workers may make the same template at once: each writes its own file, then renames it into place whole.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return bytes;
  } finally {
    await handle.destroy();
  }
}
