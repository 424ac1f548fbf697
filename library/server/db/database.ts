import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  PostgresDialect,
  type KyselyConfig,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type QueryResult,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import { postgresDriver } from "./postgresDriver";
import { SqliteArrayRows } from "./sqliteArrayRows";
import { SqliteReadSnapshot } from "./sqliteReadSnapshot";
import { sqliteFileIn, WORKER_WAL_AUTOCHECKPOINT_PAGES, type SqliteCheckpoints } from "./walCheckpoints";
import { PipelinedReads, ReadPipeliningPool } from "./pipelinedReads";
import { LITERAL_LIMITS } from "./literalLimits";
import { nameStatementsOf, StatementNames } from "./preparedStatements";

/**
 * The database schema. Empty here: every owner of tables (library/server/db/coreTables.ts, each application's
 * server/tables.ts) merges its tables into this interface with `declare module`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Db = Kysely<Database>;
export type DbOrTx = Kysely<Database> | Transaction<Database>;
export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL only: how to open a dedicated connection (the live bus LISTENs on one). */
  connectionString?: string;
  destroy(): Promise<void>;
}

/** How long a connection waits for SQLite's locks (`busy_timeout`), and a transaction for the writer lock. */
export const SQLITE_LOCK_WAIT_MILLISECONDS = 5000;
/** The longest pause between two tries for the writer lock while another process holds it. */
const WRITER_LOCK_RETRY_MAX_MILLISECONDS = 8;

/** A query that only reads rows: what joins the turn's read snapshot (with better-sqlite3's `readonly`). */
const READ_STATEMENT = /^\s*(?:select|with)\b/i;

/** A prepared statement's answer as Kysely's SQLite connection gives it: rows for a reader, else what changed. */
function runStatement<R>(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * Transactions take SQLite's writer lock when they begin (`BEGIN IMMEDIATE`), waiting up to
 * SQLITE_LOCK_WAIT_MILLISECONDS for another process to finish, instead of failing with SQLITE_BUSY when a
 * transaction that has read tries to write (docs/concurrency.md). Within one process Kysely already runs
 * transactions one after the other.
 *
 * The wait does not hold the process: SQLite's own busy handler sleeps the thread (the whole event loop, 1 to
 * 100 ms at a time), so while one worker wrote its batch of read positions the other stopped serving pages for up
 * to 36 ms. Each try here asks without waiting (busy_timeout 0 for that one statement) and the pauses between tries
 * are timers, during which the process serves other requests (their reads do not queue behind a transaction that
 * has not begun).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  private readonly tryBegin: () => boolean;
  private reading: DatabaseConnection | null = null;

  constructor(
    private readonly config: SqliteDialectConfig & { database: SQLite.Database },
    private readonly sqlite: SQLite.Database,
    private readonly snapshot: SqliteReadSnapshot,
  ) {
    super(config);
    // A busy_timeout pragma acts when it is compiled (SQLite runs it in the parser): each is prepared anew.
    const begin = sqlite.prepare("begin immediate");
    this.tryBegin = () => {
      // The turn's read snapshot ends first: the transaction reads and writes the latest state.
      snapshot.end();
      sqlite.pragma("busy_timeout = 0");
      try {
        begin.run();
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === "SQLITE_BUSY") return false;
        throw error;
      } finally {
        sqlite.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MILLISECONDS}`);
      }
    };
  }

  /**
   * Kysely's one connection, its statements outside a write transaction sorted first: a read joins the turn's
   * read snapshot, anything else ends it (sqliteReadSnapshot.ts).
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.reading ??= this.readingThrough(connection);
    return this.reading;
  }

  private readingThrough(connection: DatabaseConnection): DatabaseConnection {
    const { snapshot } = this;
    const main = this.config.database;
    // Prepared once for both the sorting and the run. Anything but a read ends the snapshot before it is prepared:
    // SQLite runs some PRAGMAs as it compiles them (`foreign_keys`, which a transaction ignores).
    const prepareSorted = (sql: string): SQLite.Statement => {
      if (snapshot.writing) return main.prepare(sql);
      if (!READ_STATEMENT.test(sql)) {
        snapshot.end();
        return main.prepare(sql);
      }
      const statement = main.prepare(sql);
      if (statement.readonly) snapshot.enter();
      else snapshot.end();
      return statement;
    };
    return {
      executeQuery: (query) => Promise.resolve(runStatement(prepareSorted(query.sql), query.parameters)),
      streamQuery: (query, chunkSize) => {
        prepareSorted(query.sql);
        return connection.streamQuery(query, chunkSize);
      },
    };
  }

  override async beginTransaction(): Promise<void> {
    const deadline = performance.now() + SQLITE_LOCK_WAIT_MILLISECONDS;
    for (let pause = 1; !this.tryBegin(); pause = Math.min(pause * 2, WRITER_LOCK_RETRY_MAX_MILLISECONDS)) {
      // Past the wait, the failure SQLite's busy_timeout gives (writeTransaction tries again a few times).
      if (performance.now() >= deadline) throw new SQLite.SqliteError("database is locked", "SQLITE_BUSY");
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * Some failures end the transaction inside SQLite already (SQLITE_FULL on a full disk, SQLITE_IOERR,
   * SQLITE_NOMEM): a ROLLBACK then fails with "cannot rollback - no transaction is active", and that error would
   * replace the one that caused it. There is nothing left to roll back then.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.sqlite.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly driverConfig: SqliteDialectConfig & { database: SQLite.Database },
    private readonly sqlite: SQLite.Database,
    private readonly snapshot: SqliteReadSnapshot,
  ) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.driverConfig, this.sqlite, this.snapshot);
  }
}

/**
 * SQLite durability: `normal` (WAL with synchronous=NORMAL, the default) survives a crash of the process and
 * may lose the last commits on a power loss; `full` syncs every commit to disk (slower writes, nothing lost).
 */
export type SqliteSynchronous = "normal" | "full";

/** SQLite's page cache per connection, in KB. */
export const SQLITE_PAGE_CACHE_KB = 2000;

/** Prepared statements kept per SQL text; compiling a statement cost about a seventh of a page's CPU. */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with `prepare` answered from a cache: the same SQL text (Kysely's queries
 * are parameterised, so texts repeat) reuses its compiled statement. SQLite recompiles a cached statement by
 * itself after a schema change; the least recently used entry is dropped past the limit.
 */
export function withStatementCache(sqlite: SQLite.Database, onQuery?: QueryObserver): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    const cached = cache.get(source);
    if (cached) {
      // Most recently used last: a burst of one-off texts pushes out the statements no page has run lately,
      // never the hot reads every page runs.
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const prepared = sqlite.prepare(source);
    const statement = onQuery ? timedStatement(prepared, onQuery) : prepared;
    if (cache.size >= SQLITE_STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(source, statement);
    return statement;
  };
  // Methods are bound once: Kysely reads one (or `inTransaction`) for every statement it runs.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === "prepare") return prepare;
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      let method = bound.get(property);
      if (method === undefined) {
        method = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(property, method);
      }
      return method;
    },
  });
}

/**
 * A statement that tells `onQuery` of each run and its time, measured around SQLite's own synchronous call: a
 * time taken around Kysely's promise would also count the request's other work that ran in between.
 */
function timedStatement(statement: SQLite.Statement, onQuery: QueryObserver): SQLite.Statement {
  const timed = new Set<PropertyKey>(["all", "get", "run"]);
  return new Proxy(statement, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (!timed.has(property) || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        try {
          return (value as (...params: unknown[]) => unknown).apply(target, args);
        } finally {
          onQuery(target.source, performance.now() - started);
        }
      };
    },
  });
}

/** How to copy a database while it runs: SQLite's own connection (online backup API) or PostgreSQL's address. */
export interface BackupSource {
  sqlite?: SQLite.Database;
  connectionString?: string;
}
const backupSources = new WeakMap<Db, BackupSource>();

/** What a backup of this database needs (undefined for a database not opened here). */
export function backupSourceOf(db: Db): BackupSource | undefined {
  return backupSources.get(db);
}

/**
 * Where a cache refresh reads on SQLite without queueing behind Kysely's one connection
 * (`readWithoutQueue.ts`): that connection itself while no transaction is open on it; during a transaction, a
 * read-only connection to the same file, which reads the last committed data as PostgreSQL's pool would. An
 * in-memory database has no second connection: its reads during a transaction see that transaction.
 */
export interface SqliteReads {
  /** Whether a write transaction is open on Kysely's connection (the turn's read snapshot is not one). */
  inTransaction(): boolean;
  /** Before a read on `main` outside a write transaction: the turn's read snapshot (sqliteReadSnapshot.ts). */
  enterSnapshot(): void;
  /** Before a write on `main` outside Kysely, or a read that must see the latest commits. */
  endSnapshot(): void;
  /** Kysely's connection, with its statement cache. */
  main: SQLite.Database;
  /** The read-only connection, opened on first use; null for an in-memory database. */
  committed(): SQLite.Database | null;
  /** A statement of its own on Kysely's connection whose rows are read as arrays (`sqliteArrayRows.ts`). */
  arrayRows<R>(source: string): SqliteArrayRows<R>;
  onQuery?: QueryObserver;
}
const sqliteReadsByDb = new WeakMap<Db, SqliteReads>();

/** How to read a SQLite database without Kysely's queue (undefined on PostgreSQL and for a Transaction). */
export function sqliteReadsOf(db: Db): SqliteReads | undefined {
  return sqliteReadsByDb.get(db);
}

/** Connections of PostgreSQL's pool for cache refreshes (`readWithoutQueue.ts`), opened when first needed. */
export const REFRESH_CONNECTIONS = 2;
const postgresRefreshesByDb = new WeakMap<Db, () => Db>();

/**
 * On PostgreSQL, a small pool of its own where cache refreshes read: the main pool may be all taken by
 * transactions that wait for the refresh (a pool of one, or ten writes at once when the settings expire).
 */
export function postgresRefreshesOf(db: Db): Db | undefined {
  return postgresRefreshesByDb.get(db)?.();
}

/**
 * Told of every statement run: its SQL and how long it took (milliseconds). Tests count a request's statements
 * with it; `requestCpu.ts --statements` sums their time.
 */
export type QueryObserver = (sql: string, durationMs: number) => void;

function queryLog(onQuery: QueryObserver | undefined): KyselyConfig["log"] {
  if (!onQuery) return undefined;
  return (event) => onQuery(event.query.sql, event.queryDurationMillis);
}

/** `file` is a path, `:memory:`, or the bytes of a database (`serialize()`), opened as an in-memory copy. */
export function openSqlite(
  file: string | Buffer,
  synchronous: SqliteSynchronous = "normal",
  onQuery?: QueryObserver,
  checkpoints: SqliteCheckpoints = "self",
): DatabaseHandle {
  if (typeof file === "string" && file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`synchronous = ${synchronous === "full" ? "FULL" : "NORMAL"}`);
  sqlite.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MILLISECONDS}`);
  sqlite.pragma("foreign_keys = ON");
  if (checkpoints === "primary") sqlite.pragma(`wal_autocheckpoint = ${WORKER_WAL_AUTOCHECKPOINT_PAGES}`);
  // 2 MB of SQLite's own page cache (its default size): pages past it come from the operating system's file
  // cache (a copy, no disk read). Under a community's traffic 8 MB held 6-8 MB more per process for no
  // measurable gain, and 32 MB 30 MB more; reading the file through mmap saved nothing either.
  sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KB}`);
  // The statements themselves tell `onQuery` (timed around SQLite's call), not Kysely's log.
  const main = withStatementCache(sqlite, onQuery);
  const snapshot = new SqliteReadSnapshot(sqlite);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: main }, sqlite, snapshot),
    plugins: [LITERAL_LIMITS],
  });
  backupSources.set(db, { sqlite });
  const onDisk = typeof file === "string" && file !== ":memory:" && file !== "";
  let committed: SQLite.Database | null = null;
  sqliteReadsByDb.set(db, {
    inTransaction: () => snapshot.writing,
    enterSnapshot: () => snapshot.enter(),
    endSnapshot: () => snapshot.end(),
    main,
    committed: () => {
      if (!onDisk) return null;
      if (!committed) {
        const reader = new SQLite(file, { readonly: true, fileMustExist: true });
        reader.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MILLISECONDS}`);
        committed = withStatementCache(reader);
      }
      return committed;
    },
    arrayRows: (source) => new SqliteArrayRows(sqlite, source, snapshot, onQuery),
    ...(onQuery && { onQuery }),
  });
  return {
    db,
    dialect: "sqlite",
    destroy: async () => {
      await db.destroy();
      committed?.close();
      committed = null;
    },
  };
}

/** The statement names of each PostgreSQL handle's pools (its cache-refresh pool shares them). */
const statementNamesByDb = new WeakMap<object, StatementNames>();

/**
 * After a migration: the handle's connections parse every text anew under new names (a prepared `select *` of a
 * table whose columns changed would be refused). Nothing to do on SQLite, which recompiles by itself.
 */
export function forgetPreparedStatements(db: object): void {
  statementNamesByDb.get(db)?.forget();
}

/** Where a pool reports a connection it lost while idle (the default writes to stderr). */
export type PoolErrorLogger = (error: Error) => void;

const warnPoolError: PoolErrorLogger = (error) => {
  console.warn(`PostgreSQL connection lost (${error.message}); the pool opens a new one when needed.`);
};

function ignoreCheckedOutClientError(): void {
  // Reported through the failing query; see openPostgres.
}

/**
 * A pool of PostgreSQL connections. An idle connection that dies (server restart, `pg_terminate_backend`, a
 * network cut) makes the pool emit `error`; without a listener that event ends the process. It is logged: the
 * pool has already dropped that connection and opens another on the next query, and queries that fail
 * meanwhile answer 503 (library/server/errors/databaseErrors.ts).
 */
export function openPostgres(
  connectionString: string,
  max = 10,
  onPoolError: PoolErrorLogger = warnPoolError,
  onQuery?: QueryObserver,
): DatabaseHandle {
  const names = new StatementNames();
  const { Pool } = postgresDriver();
  const pool = new Pool({ connectionString, max });
  pool.on("error", onPoolError);
  // A connection that dies while checked out (between two statements of a transaction) emits `error` on the
  // client, where the pool listens only while it is idle. The statement in flight or the next one fails with
  // that error (a 503), and the pool drops the broken client when it comes back; the event itself is handled.
  // Texts that run again are prepared once per connection (preparedStatements.ts).
  pool.on("connect", (client) => {
    client.on("error", ignoreCheckedOutClientError);
    nameStatementsOf(client, names);
  });
  // Plain reads outside transactions share pipelined connections (pipelinedReads.ts).
  const reads = new PipelinedReads(connectionString, names);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new ReadPipeliningPool(pool, reads) }),
    plugins: [LITERAL_LIMITS],
    ...(onQuery && { log: queryLog(onQuery) }),
  });
  backupSources.set(db, { connectionString });
  statementNamesByDb.set(db, names);
  let refreshes: Db | null = null;
  postgresRefreshesByDb.set(db, () => {
    if (!refreshes) {
      const refreshPool = new Pool({ connectionString, max: REFRESH_CONNECTIONS });
      refreshPool.on("error", onPoolError);
      refreshPool.on("connect", (client) => {
        client.on("error", ignoreCheckedOutClientError);
        nameStatementsOf(client, names);
      });
      refreshes = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: refreshPool }),
        plugins: [LITERAL_LIMITS],
        ...(onQuery && { log: queryLog(onQuery) }),
      });
    }
    return refreshes;
  });
  return {
    db,
    dialect: "postgres",
    connectionString,
    destroy: async () => {
      await db.destroy();
      await refreshes?.destroy();
      refreshes = null;
    },
  };
}

export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  sqliteSynchronous?: SqliteSynchronous;
  sqliteCheckpoints?: SqliteCheckpoints;
  /** Told of every statement (a benchmark's statement profile; tests count statements with it). */
  onQuery?: QueryObserver;
}): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, undefined, undefined, options.onQuery);
  return openSqlite(
    sqliteFileIn(options.dataDir),
    options.sqliteSynchronous,
    options.onQuery,
    options.sqliteCheckpoints,
  );
}
