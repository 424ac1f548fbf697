import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { postgresDriver } from "./postgresDriver";
import { nameStatementsOf, type StatementNames } from "./preparedStatements";

/**
 * Plain reads on PostgreSQL share a few pipelined connections (node-postgres' pipeline mode): a read is written
 * to the connection at once, behind the reads already waiting there, instead of taking a pooled connection and a
 * round trip of its own. A page's reads from many requests then travel together: measured on this machine with
 * twenty requests of four reads in flight, 0.11 → 0.05 ms of the server's CPU and 0.18 → 0.05 ms of PostgreSQL's
 * per statement, since each side reads and writes many statements per system call and wake-up.
 *
 * Only a statement that waits on no row lock goes there: a SELECT (or WITH … SELECT) outside a transaction that
 * locks no rows (a read still waits, as on any connection, for a migration's table lock). Everything else, and a
 * transaction from its BEGIN on, runs on a pooled connection of its own. A read waits behind the reads written
 * before it on its connection, so a lane takes at most PIPELINE_DEPTH statements; past that on every lane, the
 * read takes a pooled connection as before.
 */

/** Pipelined connections per database handle (per process). */
export const PIPELINED_CONNECTIONS = 2;
/** Most statements waiting on one pipelined connection before reads fall back to the pool. */
export const PIPELINE_DEPTH = 32;

/** What must not share a connection with others: locking reads, and statements that may write. */
const LOCKING_CLAUSE = /\bfor\s+(?:no\s+key\s+)?(?:update|share|key\s+share)\b/i;
/**
 * Reads that change or wait on the connection's session: advisory locks (Kysely's migrator takes one for the
 * session and releases it in a later statement), settings, sleeps.
 */
const SESSION_CALL = /\b(?:pg_\w*advisory\w*|set_config|pg_sleep\w*)\s*\(/i;
const READ_START = /^\s*(?:select|with)\b/i;
/** What makes a read write: a data-modifying WITH, or `SELECT … INTO` (which creates a table). */
const WRITES = /\b(?:insert|update|delete|merge|into)\b/i;

/**
 * A plain read: a SELECT, or a WITH whose statements only read, that locks no row and leaves the session as it was.
 * Erring toward the pool costs only speed: a text that names a writing keyword anywhere (a column, a string) is
 * left there too.
 */
export function isPipelinableRead(text: string): boolean {
  if (!READ_START.test(text) || LOCKING_CLAUSE.test(text) || SESSION_CALL.test(text)) return false;
  return !WRITES.test(text);
}

interface Lane {
  client: pg.Client;
  ready: Promise<unknown>;
  waiting: number;
  /** Whether the lane's socket holds what is written until the end of this tick (one write for the batch). */
  corked: boolean;
  broken: boolean;
}

type QueryFunction = (text: string, values: unknown[]) => Promise<pg.QueryResult>;

/** The pipelined connections of one database handle; a lane that fails is dropped and opened anew when needed. */
export class PipelinedReads {
  private readonly lanes: Lane[] = [];
  private ended = false;

  constructor(
    private readonly connectionString: string,
    private readonly names: StatementNames,
    private readonly connections = PIPELINED_CONNECTIONS,
    private readonly depth = PIPELINE_DEPTH,
  ) {}

  /** Runs `text` on the lane with the fewest statements waiting; null when every lane is full (or ended). */
  query(text: string, values: unknown[]): Promise<pg.QueryResult> | null {
    const lane = this.laneWithRoom();
    if (!lane) return null;
    lane.waiting += 1;
    // Written in a microtask: the statements of every request answered in this turn's microtasks then share the
    // lane's one write (`batchWrites` uncorks on the next tick, once the microtask queue has drained). Written at
    // once instead (tried 2 December 2026), an early statement could leave alone: callgrind, which counts no system
    // call, counted fewer instructions, while the member page's CPU rose in 2 of 3 alternating pairs.
    return lane.ready
      .then(() => {
        this.batchWrites(lane);
        return (lane.client.query as unknown as QueryFunction)(text, values);
      })
      .finally(() => {
        lane.waiting -= 1;
      });
  }

  async end(): Promise<void> {
    this.ended = true;
    const lanes = this.lanes.splice(0);
    await Promise.all(lanes.map((lane) => lane.client.end().catch(() => undefined)));
  }

  private laneWithRoom(): Lane | null {
    if (this.ended) return null;
    let best: Lane | null = null;
    for (const lane of this.lanes) if (!best || lane.waiting < best.waiting) best = lane;
    if ((!best || best.waiting > 0) && this.lanes.length < this.connections) return this.openLane();
    return best && best.waiting < this.depth ? best : null;
  }

  private openLane(): Lane {
    const client = new (postgresDriver().Client)({ connectionString: this.connectionString, pipeline: true });
    const lane: Lane = { client, ready: Promise.resolve(), waiting: 0, corked: false, broken: false };
    const drop = () => {
      if (lane.broken) return;
      lane.broken = true;
      const index = this.lanes.indexOf(lane);
      if (index >= 0) this.lanes.splice(index, 1);
      client.end().catch(() => undefined);
    };
    // A lost connection fails the statements written to it (each caller hears it, a 503); the next read opens
    // another lane.
    client.on("error", drop);
    client.on("end", drop);
    nameStatementsOf(client as unknown as pg.PoolClient, this.names);
    lane.ready = client.connect().catch((error: unknown) => {
      drop();
      throw error;
    });
    // Nobody may be waiting on `ready` yet: its failure is also told to each statement that waits on it.
    lane.ready.catch(() => undefined);
    this.lanes.push(lane);
    return lane;
  }

  /** The statements written to a lane in one tick leave in one write (each statement alone would be one). */
  private batchWrites(lane: Lane): void {
    if (lane.corked) return;
    const stream = (
      lane.client as unknown as { connection?: { stream?: NodeJS.WritableStream & Partial<Corkable> } }
    ).connection?.stream;
    if (!stream?.cork || !stream.uncork) return;
    lane.corked = true;
    stream.cork();
    process.nextTick(() => {
      lane.corked = false;
      stream.uncork?.();
    });
  }
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The client Kysely's PostgreSQL driver is given: plain reads go to the lanes, the rest to a pooled connection. */
class RoutedClient implements PostgresPoolClient {
  private pooled: pg.PoolClient | null = null;
  /** Whether it is handed out: from `connect()` to its `release()`. */
  lent = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly reads: PipelinedReads,
    private readonly idle: RoutedClient[],
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    statement: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is given no cursor class, so Kysely never passes one.
    if (typeof statement !== "string") throw new Error("Streaming reads are not configured.");
    return this.run(statement, [...parameters]) as Promise<PostgresQueryResult<R>>;
  }

  private async run(text: string, values: unknown[]): Promise<pg.QueryResult> {
    if (!this.pooled) {
      const piped = isPipelinableRead(text) ? this.reads.query(text, values) : null;
      if (piped) return piped;
      // A transaction's BEGIN (and every statement after it) or a write: a connection of its own until released.
      this.pooled = await this.pool.connect();
    }
    return (this.pooled.query as unknown as QueryFunction)(text, values);
  }

  release(): void {
    const pooled = this.pooled;
    this.pooled = null;
    pooled?.release();
    if (!this.lent) return;
    this.lent = false;
    if (this.idle.length < MAX_IDLE_CLIENTS) this.idle.push(this);
  }
}

/** Released clients kept for the next statements (as many as run at once in a busy process). */
const MAX_IDLE_CLIENTS = 64;

/**
 * The pool Kysely's PostgresDialect takes: each `connect()` gives a client that holds no connection until a
 * statement needs one of its own.
 */
export class ReadPipeliningPool implements PostgresPool {
  /**
   * Clients released and free again. Kysely keeps its connection object per client (a WeakMap): a client made
   * for every statement cost a new connection object and a WeakMap entry each time, and the entries are work for
   * every full collection.
   */
  private readonly idle: RoutedClient[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly reads: PipelinedReads,
  ) {}

  connect(): Promise<RoutedClient> {
    const client = this.idle.pop() ?? new RoutedClient(this.pool, this.reads, this.idle);
    client.lent = true;
    return Promise.resolve(client);
  }

  async end(): Promise<void> {
    await Promise.all([this.reads.end(), this.pool.end()]);
  }
}
