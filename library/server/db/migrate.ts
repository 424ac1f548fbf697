import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";

/** One owner of tables (the core, an application, an add-on) and its frozen migrations, by name. */
export interface MigrationSet {
  owner: string;
  migrations: Record<string, Migration>;
}

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(this.migrations);
  }
}

/**
 * The message of a thrown error. Not `instanceof Error`: the SQLite driver's errors are made by its native module,
 * whose `Error` is not the one of a test's (or a worker's) JavaScript realm.
 */
function messageOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("message" in error)) return null;
  return typeof error.message === "string" ? error.message : null;
}

/** Runs every owner's migrations in order; each owner keeps its own `migrations_<owner>` table. */
export async function migrateToLatest(db: Kysely<unknown>, sets: readonly MigrationSet[]): Promise<string[]> {
  const applied: string[] = [];
  // Kysely looks for its migration tables in every schema unless told which one; on PostgreSQL name the current
  // one, so databases that hold several schemas (tests, shared hosts) do not see each other's tables.
  const isPostgres = db.getExecutor().adapter.constructor.name.startsWith("Postgres");
  const schema = isPostgres
    ? (await sql<{ schema: string }>`select current_schema() as "schema"`.execute(db)).rows[0]?.schema
    : undefined;
  for (const set of sets) {
    const migrator = new Migrator({
      db,
      provider: new StaticMigrationProvider(set.migrations),
      migrationTableName: `migrations_${set.owner}`,
      migrationLockTableName: `migrations_${set.owner}_lock`,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    for (const result of results ?? []) {
      if (result.status === "Error") {
        // Keep the database's own message: it is what the add-ons page shows and what the author fixes.
        const message = messageOf(error);
        const cause = message ? `: ${message}` : ".";
        throw new Error(`Migration ${set.owner}/${result.migrationName} failed${cause}`, { cause: error });
      }
      if (result.status === "Success") applied.push(`${set.owner}/${result.migrationName}`);
    }
    if (error) {
      const message = messageOf(error);
      throw new Error(
        message ? `Migrations of ${set.owner} failed: ${message}` : `Migrations of ${set.owner} failed.`,
        {
          cause: error,
        },
      );
    }
  }
  return applied;
}
