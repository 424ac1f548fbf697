import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { loadConfig } from "../config/config";
import { twoConnectionsToOneFile } from "../testing/sqliteFileConnections";
import { openSqlite, SQLITE_LOCK_WAIT_MILLISECONDS } from "./database";
import { WORKER_WAL_AUTOCHECKPOINT_PAGES } from "./walCheckpoints";
import { writeTransaction } from "./writeTransaction";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two connections to one file, as two server processes hold them: who waits for whom, and how. */
describe("SQLite's writer lock and log across connections", () => {
  const connections = twoConnectionsToOneFile("locks", (db) =>
    sql`create table "marks" ("writer" text not null, "at" integer not null)`.execute(db),
  );
  const { file } = connections;

  it("waits for another connection's transaction without holding the process", async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    try {
      let holding = () => undefined as void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // The first connection takes the writer lock and keeps it for 300 ms of timers.
      const longWrite = writeTransaction(connections.first.db, "sqlite", async (trx) => {
        await sql`insert into "marks" ("writer", "at") values ('first', 1)`.execute(trx);
        holding();
        await pause(300);
      });
      await held;
      const started = performance.now();
      // The second waits for it. Had it waited in SQLite's own busy handler, the thread would sleep: the first
      // could never finish its pause, and the second would fail after the whole busy_timeout.
      await writeTransaction(connections.second.db, "sqlite", async (trx) => {
        await sql`insert into "marks" ("writer", "at") values ('second', 2)`.execute(trx);
      });
      const waited = performance.now() - started;
      await longWrite;
      expect(waited).toBeLessThan(SQLITE_LOCK_WAIT_MILLISECONDS / 2);
      // The process went on meanwhile: its timers ran.
      expect(ticks).toBeGreaterThan(10);
      const rows = await sql<{ writer: string }>`select "writer" from "marks" order by "at"`.execute(
        connections.first.db,
      );
      expect(rows.rows.map((row) => row.writer)).toEqual(["first", "second"]);
    } finally {
      clearInterval(ticker);
    }
  }, 20_000);

  it("fails with SQLITE_BUSY after the wait when the lock is never let go, the process going on meanwhile", async () => {
    // A connection of SQLite's own holds the lock, outside anything this process's timers could end.
    const holder = new SQLite(file);
    holder.prepare("begin immediate").run();
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    try {
      const started = performance.now();
      const outcome = await connections.second.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into "marks" ("writer", "at") values ('never', 3)`.execute(trx);
        })
        .then(
          () => "written",
          (error: { code?: string }) => error.code,
        );
      expect(outcome).toBe("SQLITE_BUSY");
      expect(performance.now() - started).toBeGreaterThanOrEqual(SQLITE_LOCK_WAIT_MILLISECONDS - 50);
      expect(ticks).toBeGreaterThan(SQLITE_LOCK_WAIT_MILLISECONDS / 50 / 2);
    } finally {
      clearInterval(ticker);
      holder.prepare("rollback").run();
      holder.close();
    }
    const never = await sql<{
      n: number;
    }>`select count(*) as "n" from "marks" where "writer" = 'never'`.execute(connections.first.db);
    expect(never.rows[0]?.n).toBe(0);
  }, 20_000);

  it("leaves the log to the primary in a worker: its own checkpoint only past a long log", async () => {
    expect(loadConfig({}).sqliteCheckpoints).toBe("self");
    expect(loadConfig({ SQLITE_CHECKPOINTS: "primary" }).sqliteCheckpoints).toBe("primary");
    const worker = openSqlite(file, "normal", undefined, "primary");
    try {
      const own = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        connections.first.db,
      );
      const left = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(worker.db);
      expect(own.rows[0]?.wal_autocheckpoint).toBe(1000);
      expect(left.rows[0]?.wal_autocheckpoint).toBe(WORKER_WAL_AUTOCHECKPOINT_PAGES);
    } finally {
      await worker.destroy();
    }
  });
});
