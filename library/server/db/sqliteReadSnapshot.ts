import type SQLite from "better-sqlite3";

/** When the last request arrived (`performance.now()`), in any app of this process. */
let lastArrival = Number.NEGATIVE_INFINITY;

/**
 * A request arrived: no read snapshot opened before this moment may answer its reads, so that it sees every
 * commit of the other processes made before it arrived (what its client may have been told was written).
 * Ending a snapshot early is always safe, so one note serves every database of the process.
 */
export function noteRequestArrival(at: number): void {
  if (at > lastArrival) lastArrival = at;
}

/**
 * The reads of one SQLite connection share one read transaction for a turn of the event loop, instead of one
 * each. On its own, every statement outside a transaction is a read transaction: a shared lock on the file and a
 * read mark in the log's index taken and released, system calls each time (a read of one row by its key took
 * 13.7 µs that way against 8 µs six to a transaction, in a loop on its own). A page runs several reads in the same
 * turn: now they take the locks once, and they read one state of the database.
 *
 * What it may not hide: this connection's own writes (a write, or a write transaction's BEGIN, ends the snapshot
 * first, so the next read opens a new one after it), and another process's commit that a request's client may
 * know of (a snapshot opened before a request arrived ends before that request reads: `noteRequestArrival`). It
 * ends at the latest when the turn's immediate callbacks run, so a timer, a job or a flush never reads a state
 * older than the turn it runs in.
 */
export class SqliteReadSnapshot {
  private open = false;
  private openedAt = 0;
  private endScheduled = false;
  private readonly beginStatement: SQLite.Statement;
  private readonly commitStatement: SQLite.Statement;

  constructor(private readonly sqlite: SQLite.Database) {
    this.beginStatement = sqlite.prepare("begin");
    this.commitStatement = sqlite.prepare("commit");
  }

  /** Whether a transaction other than the snapshot holds the connection (Kysely's write transaction). */
  get writing(): boolean {
    return this.sqlite.inTransaction && !this.open;
  }

  /** Before a read outside a write transaction: opens the snapshot, or a new one if a request arrived since. */
  enter(): void {
    if (this.open) {
      if (this.openedAt >= lastArrival && this.sqlite.inTransaction) return;
      this.end();
    }
    if (this.sqlite.inTransaction) return;
    this.beginStatement.run();
    this.open = true;
    this.openedAt = performance.now();
    if (!this.endScheduled) {
      this.endScheduled = true;
      setImmediate(this.endOfTurn);
    }
  }

  /** Before anything that writes or must see the latest commits: the next read opens a new snapshot. */
  end(): void {
    if (!this.open) return;
    this.open = false;
    // A failure inside a read (a full disk, an I/O error) may have ended the transaction already.
    if (this.sqlite.inTransaction) this.commitStatement.run();
  }

  private readonly endOfTurn = (): void => {
    this.endScheduled = false;
    if (this.sqlite.open) this.end();
  };
}
