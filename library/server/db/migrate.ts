import {
  Migrator,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";
import { messageOf } from "../errors/errorMessage";
import { forgetPreparedStatements } from "./database";

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
 * What the migrator asks of the database, limited to one PostgreSQL schema. Kysely's own introspector lists the
 * tables of every schema (calling has_schema_privilege and pg_get_serial_sequence on each), which fails with
 * "schema … does not exist" when another connection drops a schema during the scan: test files running side by
 * side each drop theirs, and so can other tenants of a shared database.
 */
class OneSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    return Promise.resolve([{ name: this.schema }]);
  }

  /** The schema's tables, by name only: the migrator asks whether its own two tables exist. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string }>`select c.relname as "name" from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'p')`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: this.schema, isView: false, columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** `db` whose `introspection` is `introspector`; everything else is `db`'s own (bound to it: it has private fields). */
function withIntrospector(db: Kysely<unknown>, introspector: DatabaseIntrospector): Kysely<unknown> {
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspector;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Runs every owner's migrations in order; each owner keeps its own `migrations_<owner>` table. */
export async function migrateToLatest(db: Kysely<unknown>, sets: readonly MigrationSet[]): Promise<string[]> {
  try {
    return await migrateSets(db, sets);
  } finally {
    // A migration may have changed a table's columns: PostgreSQL's connections prepare their texts anew.
    forgetPreparedStatements(db);
  }
}

async function migrateSets(db: Kysely<unknown>, sets: readonly MigrationSet[]): Promise<string[]> {
  const applied: string[] = [];
  // Kysely looks for its migration tables in every schema unless told which one; on PostgreSQL name the current
  // one, and look only there, so databases that hold several schemas (tests, shared hosts) neither see each
  // other's tables nor fail when another schema is dropped meanwhile.
  const isPostgres = db.getExecutor().adapter.constructor.name.startsWith("Postgres");
  const schema = isPostgres
    ? (await sql<{ schema: string }>`select current_schema() as "schema"`.execute(db)).rows[0]?.schema
    : undefined;
  const migratorDb = schema ? withIntrospector(db, new OneSchemaIntrospector(db, schema)) : db;
  for (const set of sets) {
    const migrator = new Migrator({
      db: migratorDb,
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
