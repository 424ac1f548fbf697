import type SQLite from "better-sqlite3";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { Db } from "../db/database";
import type { LiveBus } from "../notifications/liveBus";
import { EVERYTHING, type CacheLayer, type ChangeTransport } from "./cacheLayer";
import { recordNames } from "./recordNames";

/** How long a write waits for its own message to come back on the bus (then it is delivered everywhere). */
const ECHO_WAIT_MS = 500;

/** NOTIFY payloads stop at 8000 bytes: a longer list of names travels as "anything public changed". */
const MAX_NAMES_CHARS = 6000;

/**
 * Several processes on one PostgreSQL database: the names travel on the live bus (LISTEN/NOTIFY). A write
 * waits until its own message comes back on its listening connection: NOTIFY reaches every listener at the
 * same commit, so by then the other processes have it too, and their next request sees the write.
 */
export class LiveBusChangeTransport implements ChangeTransport {
  private sequence = 0;
  private readonly echoes = new Map<number, () => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: LiveBus,
    private readonly layer: CacheLayer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribeChanged((event) => {
      if (event.origin === layer.origin) this.echoes.get(event.sequence)?.();
      else layer.received(event.names);
    });
  }

  async send(names: readonly string[]): Promise<void> {
    this.sequence += 1;
    const sequence = this.sequence;
    const sent = JSON.stringify(names).length > MAX_NAMES_CHARS ? [recordNames.content] : [...names];
    const echoed = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ECHO_WAIT_MS);
      this.echoes.set(sequence, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await this.bus.publishChanged({ type: "changed", names: sent, origin: this.layer.origin, sequence });
      await echoed;
    } catch (error) {
      // The write is committed: the other processes see it when their entries expire.
      this.log.error({ err: error }, "Could not tell the other processes what a write changed.");
    } finally {
      this.echoes.delete(sequence);
    }
  }

  async close(): Promise<void> {
    this.unsubscribe();
  }
}

/** How long published names are kept for the other processes to read (they read them on their next request). */
const KEEP_CHANGES_MS = 60_000;

/**
 * Several processes on one SQLite file: each write's names are a row of `cacheChanges`, inserted after commit.
 * Before each request a process reads `PRAGMA data_version` (no I/O; it changes when another connection
 * committed) and, only when it changed, the rows added since its last look: the next request after another
 * process's write retires what depends on it, and writes that publish nothing (counters flushed in the
 * background) retire nothing. The table holds a minute of names: it is coordination, not data.
 */
export class SqliteChangeTable implements ChangeTransport {
  private version: number;
  private lastChangeID: number;
  private published = 0;

  private constructor(
    private readonly db: Db,
    private readonly sqlite: SQLite.Database,
    private readonly layer: CacheLayer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.version = this.readVersion();
    const row = sqlite.prepare(`select max("changeID") as "last" from "cacheChanges"`).get() as {
      last: number | null;
    };
    this.lastChangeID = row.last ?? 0;
  }

  static open(db: Db, sqlite: SQLite.Database, layer: CacheLayer, log: FastifyBaseLogger): SqliteChangeTable {
    sqlite.exec(
      `create table if not exists "cacheChanges" ("changeID" integer primary key autoincrement, ` +
        `"origin" text not null, "names" text not null, "dateInserted" integer not null)`,
    );
    return new SqliteChangeTable(db, sqlite, layer, log);
  }

  private readVersion(): number {
    return Number(this.sqlite.pragma("data_version", { simple: true }));
  }

  /** Retires here what the other processes' writes changed since the last check. */
  check(): void {
    const version = this.readVersion();
    if (version === this.version) return;
    this.version = version;
    const rows = this.sqlite
      .prepare(
        `select "changeID", "origin", "names" from "cacheChanges" where "changeID" > ? order by "changeID"`,
      )
      .all(this.lastChangeID) as { changeID: number; origin: string; names: string }[];
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

  async send(names: readonly string[]): Promise<void> {
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
