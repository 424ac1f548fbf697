import SQLite from "better-sqlite3";
import pg from "pg";

export type Cell = string | number | null;

/** Bulk loading of rows given in primary-key order, in large transactions. */
export interface BulkWriter {
  readonly label: string;
  insert(
    table: string,
    columns: readonly string[],
    rows: Iterable<Cell[]>,
    progress?: (done: number) => void,
  ): Promise<number>;
  /** After the load: identity sequences past the explicit ids, statistics for the planner. */
  finish(tables: readonly { table: string; key: string }[]): Promise<void>;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const PROGRESS_EVERY = 100_000;

/** SQLite through better-sqlite3 prepared statements, 50,000 rows per transaction, synchronous=OFF. */
export class SqliteWriter implements BulkWriter {
  readonly label = "SQLite";
  private readonly db: SQLite.Database;

  constructor(file: string) {
    this.db = new SQLite(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = OFF");
    this.db.pragma("cache_size = -262144");
    this.db.pragma("temp_store = MEMORY");
    this.db.pragma("busy_timeout = 5000");
  }

  insert(
    table: string,
    columns: readonly string[],
    rows: Iterable<Cell[]>,
    progress?: (done: number) => void,
  ): Promise<number> {
    const statement = this.db.prepare(
      `insert into ${quote(table)} (${columns.map(quote).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
    );
    let done = 0;
    this.db.exec("begin");
    try {
      for (const row of rows) {
        statement.run(row);
        done += 1;
        if (done % 50_000 === 0) {
          this.db.exec("commit");
          this.db.exec("begin");
        }
        if (progress && done % PROGRESS_EVERY === 0) progress(done);
      }
      this.db.exec("commit");
    } catch (error) {
      if (this.db.inTransaction) this.db.exec("rollback");
      throw error;
    }
    return Promise.resolve(done);
  }

  finish(): Promise<void> {
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.exec("ANALYZE");
    // The forum never runs ANALYZE itself, so a site's database has no sqlite_stat4. With its samples SQLite
    // plans an equality on an indexed column from the bound value and compiles the statement again whenever that
    // value is bound anew: about one statement per member page did, a cost no site pays. The table counts
    // (sqlite_stat1) stay.
    this.db.exec("DROP TABLE IF EXISTS sqlite_stat4");
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.db.pragma("synchronous = NORMAL");
    this.db.close();
    return Promise.resolve();
  }
}

/** PostgreSQL through `pg`: multi-row INSERTs of up to 1,000 rows, one transaction per table. */
export class PostgresWriter implements BulkWriter {
  readonly label = "PostgreSQL";
  private readonly client: pg.Client;
  private connected = false;

  constructor(connectionString: string) {
    this.client = new pg.Client({ connectionString });
  }

  private async connect(): Promise<pg.Client> {
    if (!this.connected) {
      await this.client.connect();
      this.connected = true;
    }
    return this.client;
  }

  async insert(
    table: string,
    columns: readonly string[],
    rows: Iterable<Cell[]>,
    progress?: (done: number) => void,
  ): Promise<number> {
    const client = await this.connect();
    const batchSize = Math.min(1000, Math.floor(60_000 / columns.length));
    const head = `insert into ${quote(table)} (${columns.map(quote).join(", ")}) values `;
    const tuple = (offset: number) => `(${columns.map((_c, index) => `$${offset + index + 1}`).join(", ")})`;
    const placeholders = (count: number) =>
      Array.from({ length: count }, (_v, row) => tuple(row * columns.length)).join(", ");
    const fullBatch = head + placeholders(batchSize);
    let params: Cell[] = [];
    let inBatch = 0;
    let done = 0;
    const flush = async () => {
      if (inBatch === 0) return;
      await client.query(inBatch === batchSize ? fullBatch : head + placeholders(inBatch), params);
      done += inBatch;
      if (progress && Math.floor(done / PROGRESS_EVERY) > Math.floor((done - inBatch) / PROGRESS_EVERY))
        progress(done);
      params = [];
      inBatch = 0;
    };
    await client.query("begin");
    try {
      for (const row of rows) {
        for (const cell of row) params.push(cell);
        inBatch += 1;
        if (inBatch === batchSize) await flush();
      }
      await flush();
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
    return done;
  }

  async finish(tables: readonly { table: string; key: string }[]): Promise<void> {
    const client = await this.connect();
    for (const { table, key } of tables)
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), greatest(coalesce(max(${quote(key)}), 0), 1), max(${quote(key)}) is not null) from ${quote(table)}`,
        [quote(table), key],
      );
    await client.query("ANALYZE");
  }

  async close(): Promise<void> {
    if (this.connected) await this.client.end();
  }
}
