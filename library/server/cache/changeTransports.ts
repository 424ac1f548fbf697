import type SQLite from "better-sqlite3";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { sqliteReadsOf, type Db, type SqliteReads } from "../db/database";
import type { LiveBus } from "../notifications/liveBus";
import { EVERYTHING, type CacheLayer, type ChangeTransport } from "./cacheLayer";
import { recordNames } from "./recordNames";

/** NOTIFY payloads stop at 8000 bytes: a longer list of names travels as "anything public changed". */
const MAX_NAMES_CHARS = 6000;

/**
 * Several processes on one PostgreSQL database: the names travel on the live bus (LISTEN/NOTIFY). The writing
 * process has already retired its own caches (`CacheLayer.publish`), so a write only sends its NOTIFY and goes
 * on: it does not wait for its own message to come back. NOTIFY reaches every listening connection when it
 * commits, before the write's answer leaves; a process retires on the message as its listener reads it.
 */
export class LiveBusChangeTransport implements ChangeTransport {
  private sequence = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: LiveBus,
    private readonly layer: CacheLayer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribeChanged((event) => {
      // Our own message: what it names was retired here before it was sent.
      if (event.origin !== layer.origin) layer.received(event.names);
    });
  }

  async send(names: readonly string[]): Promise<void> {
    this.sequence += 1;
    const sent = JSON.stringify(names).length > MAX_NAMES_CHARS ? [recordNames.content] : [...names];
    try {
      await this.bus.publishChanged({
        type: "changed",
        names: sent,
        origin: this.layer.origin,
        sequence: this.sequence,
      });
    } catch (error) {
      // The write is committed: the other processes see it when their entries expire.
      this.log.error({ err: error }, "Could not tell the other processes what a write changed.");
    }
  }

  async close(): Promise<void> {
    this.unsubscribe();
  }
}

/** How long published names are kept for the other processes to read (they read them on their next request). */
const KEEP_CHANGES_MS = 60_000;

/**
 * Several processes on one SQLite file: the names of the writes of one event-loop turn are one row of
 * `cacheChanges`, inserted after commit.
 * Before each request a process reads `PRAGMA data_version` (no I/O; it changes when another connection
 * committed) and, only when it changed, the rows added since its last look: the next request after another
 * process's write retires what depends on it, and writes that publish nothing (counters flushed in the
 * background) retire nothing. The table holds a minute of names: it is coordination, not data.
 */
export class SqliteChangeTable implements ChangeTransport {
  private version: number;
  private lastChangeID: number;
  private published = 0;
  private readonly pending = new Set<string>();
  private flushing: Promise<void> | null = null;
  /** Compiled once: `pragma()` compiles its statement on every call, and this one runs before every request. */
  private readonly versionStatement: SQLite.Statement<[], number>;
  private readonly changesStatement: SQLite.Statement<
    [number],
    { changeID: number; origin: string; names: string }
  >;

  private readonly reads: SqliteReads | undefined;

  private constructor(
    private readonly db: Db,
    sqlite: SQLite.Database,
    private readonly layer: CacheLayer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.reads = sqliteReadsOf(db);
    this.versionStatement = sqlite.prepare<[], number>("PRAGMA data_version").pluck();
    this.changesStatement = sqlite.prepare<[number], { changeID: number; origin: string; names: string }>(
      `select "changeID", "origin", "names" from "cacheChanges" where "changeID" > ? order by "changeID"`,
    );
    this.version = this.readVersion();
    const row = sqlite.prepare(`select max("changeID") as "last" from "cacheChanges"`).get() as {
      last: number | null;
    };
    this.lastChangeID = row.last ?? 0;
  }

  static open(db: Db, sqlite: SQLite.Database, layer: CacheLayer, log: FastifyBaseLogger): SqliteChangeTable {
    // Created outside any read snapshot: it may write.
    sqliteReadsOf(db)?.endSnapshot();
    sqlite.exec(
      `create table if not exists "cacheChanges" ("changeID" integer primary key autoincrement, ` +
        `"origin" text not null, "names" text not null, "dateInserted" integer not null)`,
    );
    return new SqliteChangeTable(db, sqlite, layer, log);
  }

  private readVersion(): number {
    return Number(this.versionStatement.get());
  }

  /** When the last check began (`performance.now()`): it saw every commit made before then. */
  private checkedAt = -Infinity;

  /**
   * Retires here what the other processes' writes committed before `arrivedAt` (a request's arrival,
   * `performance.now()`) changed: what that request's client may have been told was written. A check begun after
   * the request arrived has seen all of it, so the request reads no version of its own. Under load a request waits
   * for its turn behind others (requestTurns.ts), and one check then serves every request that arrived before it:
   * the version read is a read transaction of its own, 14–44 µs of a busy server's CPU (4 % of a list's JSON).
   */
  checkFor(arrivedAt: number): void {
    if (this.checkedAt > arrivedAt) return;
    const startedAt = performance.now();
    this.check();
    this.checkedAt = startedAt;
  }

  /** Retires here what the other processes' writes changed since the last check. */
  check(): void {
    // The version as of now, not as of a read snapshot opened before the request being checked for arrived.
    this.reads?.enterSnapshot();
    const version = this.readVersion();
    if (version === this.version) return;
    this.version = version;
    const rows = this.changesStatement.all(this.lastChangeID);
    for (const row of rows) {
      this.lastChangeID = row.changeID;
      if (row.origin === this.layer.origin) continue;
      try {
        this.layer.received(JSON.parse(row.names) as string[]);
      } catch {
        this.layer.received([EVERYTHING]);
      }
    }
  }

  /**
   * Names sent in one turn of the event loop share one row: concurrent writes (and a write with its jobs) insert
   * once, each name once. Every sender waits for the row that carries its names.
   */
  send(names: readonly string[]): Promise<void> {
    for (const name of names) this.pending.add(name);
    this.flushing ??= new Promise<void>((resolve) => {
      setImmediate(() => {
        const batch = [...this.pending];
        this.pending.clear();
        this.flushing = null;
        void this.insert(batch).then(resolve);
      });
    });
    return this.flushing;
  }

  private async insert(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    const now = Date.now();
    try {
      // Through Kysely: its one connection runs one transaction at a time, and this insert is not part of one.
      await sql`insert into "cacheChanges" ("origin", "names", "dateInserted") values (${this.layer.origin}, ${JSON.stringify(names)}, ${now})`.execute(
        this.db,
      );
      this.published += 1;
      if (this.published % 100 === 0)
        await sql`delete from "cacheChanges" where "dateInserted" < ${now - KEEP_CHANGES_MS}`.execute(
          this.db,
        );
    } catch (error) {
      this.log.error({ err: error }, "Could not tell the other processes what a write changed.");
    }
  }

  async close(): Promise<void> {}
}
