import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type pg from "pg";
import { isWorkerMessage, runsAsServerWorker, type WorkerMessage } from "../app/serverWorkers";
import type { DatabaseHandle, Db } from "../db/database";
import { postgresDriver } from "../db/postgresDriver";

/**
 * What travels on the live bus: small pointers, never the records themselves (PostgreSQL NOTIFY payloads are
 * limited to 8000 bytes, and the database stays the source of truth). A subscriber re-reads what it needs.
 *
 * - `notification`: a notification was stored for `userID` (its counts changed too).
 * - `counts`: one of the member's menu counters changed (notifications marked read, a conversation read or
 *   received…); subscribers re-read the counts.
 */
export type LiveEvent =
  { type: "notification"; userID: number; notificationID: number } | { type: "counts"; userID: number };

/**
 * - `changed`: a write committed and changed these records (library/server/cache); every process retires the
 *   caches that depend on them. `origin` names the process that wrote, `sequence` the message.
 */
export interface ChangedRecords {
  type: "changed";
  names: string[];
  origin: string;
  sequence: number;
}

export type LiveListener = (event: LiveEvent) => void;
export type ChangedListener = (event: ChangedRecords) => void;

/**
 * Real-time fan-out to the open SSE streams (DESIGN "Scale beyond one machine"). On SQLite (one process) an
 * in-process EventEmitter; on PostgreSQL every server process LISTENs on one channel over a dedicated
 * connection, and `publish` is a `pg_notify`, so a notification written by one process reaches streams held
 * by any other.
 */
export interface LiveBus {
  /** Sends to every process. Call it after the write committed (see createNotifications.ts). */
  publish(event: LiveEvent): Promise<void>;
  /** Events for one member, from any process. Returns the unsubscribe function. */
  subscribe(userID: number, listener: LiveListener): () => void;
  /** Sends the names of what a write changed to every process (this one included), after commit. */
  publishChanged(event: ChangedRecords): Promise<void>;
  /** Changed records, from every process. Returns the unsubscribe function. */
  subscribeChanged(listener: ChangedListener): () => void;
  close(): Promise<void>;
}

function isChangedRecords(value: unknown): value is ChangedRecords {
  if (typeof value !== "object" || value === null) return false;
  const event = value as Record<string, unknown>;
  return (
    event.type === "changed" &&
    Array.isArray(event.names) &&
    event.names.every((name) => typeof name === "string") &&
    typeof event.origin === "string" &&
    typeof event.sequence === "number"
  );
}

function isLiveEvent(value: unknown): value is LiveEvent {
  if (typeof value !== "object" || value === null) return false;
  const event = value as Record<string, unknown>;
  if (typeof event.userID !== "number") return false;
  return (
    event.type === "counts" || (event.type === "notification" && typeof event.notificationID === "number")
  );
}

/** Local delivery shared by both buses: one emitter event per member. */
class LocalFanOut {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream: many members, many tabs.
    this.emitter.setMaxListeners(0);
  }

  emit(event: LiveEvent): void {
    this.emitter.emit(`user:${event.userID}`, event);
  }

  emitChanged(event: ChangedRecords): void {
    this.emitter.emit("changed", event);
  }

  subscribeChanged(listener: ChangedListener): () => void {
    this.emitter.on("changed", listener);
    return () => {
      this.emitter.off("changed", listener);
    };
  }

  subscribe(userID: number, listener: LiveListener): () => void {
    const name = `user:${userID}`;
    this.emitter.on(name, listener);
    return () => {
      this.emitter.off(name, listener);
    };
  }

  clear(): void {
    this.emitter.removeAllListeners();
  }
}

/** One process (SQLite): events go straight to this process's subscribers. */
export class MemoryLiveBus implements LiveBus {
  private readonly local = new LocalFanOut();

  async publish(event: LiveEvent): Promise<void> {
    this.local.emit(event);
  }

  subscribe(userID: number, listener: LiveListener): () => void {
    return this.local.subscribe(userID, listener);
  }

  async publishChanged(event: ChangedRecords): Promise<void> {
    this.local.emitChanged(event);
  }

  subscribeChanged(listener: ChangedListener): () => void {
    return this.local.subscribeChanged(listener);
  }

  async close(): Promise<void> {
    this.local.clear();
  }
}

/**
 * One of several server processes on one SQLite file (`WORKERS`, library/server/app/serverWorkers.ts): live
 * events go to this process's subscribers and, through the primary, to every other process's. Changed-record
 * names stay local here: on SQLite the cache layer carries them between processes in the database.
 */
export class ClusterLiveBus extends MemoryLiveBus {
  private readonly onMessage = (message: unknown) => {
    if (isWorkerMessage(message) && message.type === "forum:live" && isLiveEvent(message.event))
      void super.publish(message.event);
  };

  constructor() {
    super();
    process.on("message", this.onMessage);
  }

  override async publish(event: LiveEvent): Promise<void> {
    await super.publish(event);
    process.send?.({ type: "forum:live", event } satisfies WorkerMessage);
  }

  override async close(): Promise<void> {
    process.off("message", this.onMessage);
    await super.close();
  }
}

const RECONNECT_MAX_MS = 30_000;

/**
 * Several processes on one PostgreSQL database. The channel is named after the current schema, so databases
 * holding several schemas (tests, shared hosts) never hear each other. A lost listening connection is
 * reopened with backoff; events published meanwhile are missed, and streams resynchronise from the counts
 * they send when the client reconnects.
 */
export class PostgresLiveBus implements LiveBus {
  private readonly local = new LocalFanOut();
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private attempts = 0;

  private constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    readonly channel: string,
    private readonly log: FastifyBaseLogger | null,
  ) {}

  static async open(
    db: Db,
    connectionString: string,
    log: FastifyBaseLogger | null,
  ): Promise<PostgresLiveBus> {
    const result = await sql<{ schema: string }>`select current_schema() as "schema"`.execute(db);
    const schema = (result.rows[0]?.schema ?? "public").replace(/[^A-Za-z0-9_]/g, "_");
    const bus = new PostgresLiveBus(db, connectionString, `forum_live_${schema}`.slice(0, 63), log);
    await bus.connect();
    return bus;
  }

  private async connect(): Promise<void> {
    const client = new (postgresDriver().Client)({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      try {
        const event: unknown = JSON.parse(message.payload);
        if (isLiveEvent(event)) this.local.emit(event);
        else if (isChangedRecords(event)) this.local.emitChanged(event);
      } catch {
        this.log?.warn({ payload: message.payload }, "Ignored a malformed live event.");
      }
    });
    const lost = (error?: Error) => {
      if (this.client !== client || this.closed) return;
      this.client = null;
      this.log?.error({ err: error }, "The live bus lost its PostgreSQL connection; reconnecting.");
      client.removeAllListeners("end");
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (error) {
      // Not listening yet: close this attempt's connection; the caller schedules the next attempt.
      client.removeAllListeners("end");
      void client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.attempts = 0;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, 500 * 2 ** this.attempts);
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((error: unknown) => {
        this.log?.error({ err: error }, "The live bus could not reconnect to PostgreSQL.");
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  async publish(event: LiveEvent): Promise<void> {
    await sql`select pg_notify(${this.channel}, ${JSON.stringify(event)})`.execute(this.db);
  }

  subscribe(userID: number, listener: LiveListener): () => void {
    return this.local.subscribe(userID, listener);
  }

  async publishChanged(event: ChangedRecords): Promise<void> {
    await sql`select pg_notify(${this.channel}, ${JSON.stringify(event)})`.execute(this.db);
  }

  subscribeChanged(listener: ChangedListener): () => void {
    return this.local.subscribeChanged(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.local.clear();
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners("end");
      await client.end();
    }
  }
}

/** The bus for a database: LISTEN/NOTIFY on PostgreSQL, in-process on SQLite. */
export async function createLiveBus(
  database: DatabaseHandle,
  log: FastifyBaseLogger | null = null,
): Promise<LiveBus> {
  if (database.dialect === "postgres" && database.connectionString)
    return PostgresLiveBus.open(database.db, database.connectionString, log);
  if (runsAsServerWorker()) return new ClusterLiveBus();
  return new MemoryLiveBus();
}
