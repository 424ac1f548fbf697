import { sql } from "kysely";
import { testDatabaseUrl } from "../config/config";
import { adminStatement, emptyDatabase } from "../testing/emptyDatabase";
import { dialectsAmong } from "../testing/testApp";
import type { DatabaseHandle } from "./database";
import {
  isPipelinableRead,
  PIPELINED_CONNECTIONS,
  PipelinedReads,
  ReadPipeliningPool,
} from "./pipelinedReads";
import { StatementNames } from "./preparedStatements";

describe("ReadPipeliningPool", () => {
  const unusedPool = {} as ConstructorParameters<typeof ReadPipeliningPool>[0];
  const unusedReads = {} as ConstructorParameters<typeof ReadPipeliningPool>[1];

  it("hands a released client out again, so Kysely finds its connection object for it", async () => {
    const pool = new ReadPipeliningPool(unusedPool, unusedReads);
    const first = await pool.connect();
    first.release();
    expect(await pool.connect()).toBe(first);
  });

  it("never hands one client to two users: a second release of it is ignored", async () => {
    const pool = new ReadPipeliningPool(unusedPool, unusedReads);
    const first = await pool.connect();
    first.release();
    first.release();
    const [a, b] = [await pool.connect(), await pool.connect()];
    expect(a).not.toBe(b);
    expect([a, b]).toContain(first);
  });

  it("gives clients in use distinct objects", async () => {
    const pool = new ReadPipeliningPool(unusedPool, unusedReads);
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    expect(new Set(clients).size).toBe(3);
  });
});

describe("isPipelinableRead", () => {
  it("takes plain reads, with or without a WITH", () => {
    expect(isPipelinableRead('select "name" from "users" where "userID" = $1')).toBe(true);
    expect(isPipelinableRead('  SELECT count(*) as "count" from "comments"')).toBe(true);
    expect(isPipelinableRead('with "recent" as (select * from "comments") select * from "recent"')).toBe(
      true,
    );
    expect(isPipelinableRead('select "dateUpdated", "deleteLogID" from "comments"')).toBe(true);
  });

  it("leaves writes, transactions, locking reads and session calls to a connection of their own", () => {
    for (const text of [
      "begin",
      "start transaction isolation level serializable",
      'insert into "notes" values ($1)',
      'update "notes" set "body" = $1',
      'delete from "notes"',
      'with "moved" as (delete from "notes" returning *) select * from "moved"',
      'select * into "copy" from "notes"',
      'select * from "discussions" where "discussionID" = $1 for update',
      'select * from "discussions" for no key update',
      'select * from "discussions" for share',
      "select pg_advisory_lock(1)",
      "with t as (select set_config('lock_timeout', '1', true)) select pg_advisory_lock(2) from t",
      "select pg_advisory_unlock(1)",
      "select pg_try_advisory_xact_lock(1)",
      "select pg_sleep(1)",
    ])
      expect(isPipelinableRead(text)).toBe(false);
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`pipelined reads on ${dialect}`, () => {
    let database: Awaited<ReturnType<typeof emptyDatabase>>;
    let handle: DatabaseHandle;

    const backendOf = async (): Promise<number> =>
      (await sql<{ pid: number }>`select pg_backend_pid() as "pid"`.execute(handle.db)).rows[0]?.pid ?? 0;

    beforeAll(async () => {
      database = await emptyDatabase("postgres");
      handle = database.handle;
      await sql`create table "notes" ("noteID" integer primary key, "body" text not null)`.execute(handle.db);
    });
    // Each test starts with no notes, whether the one before passed or not.
    afterEach(async () => {
      await sql`delete from "notes"`.execute(handle.db);
    });
    afterAll(async () => {
      await handle.destroy();
      await database.drop();
    });

    it("runs many reads at once over the pipelined connections, not a pooled connection each", async () => {
      const backends = await Promise.all(Array.from({ length: 40 }, backendOf));
      expect(new Set(backends).size).toBeLessThanOrEqual(PIPELINED_CONNECTIONS);
      // Writes still take pooled connections: as many at once as the pool holds.
      const writers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          sql<{
            pid: number;
          }>`insert into "notes" values (${100 + index}, 'w') returning pg_backend_pid() as "pid"`.execute(
            handle.db,
          ),
        ),
      );
      // None of them is a reader's: without the pipeline, the reads would have taken the same pooled connections.
      const writerBackends = writers.map((result) => result.rows[0]?.pid ?? 0);
      expect(writerBackends.filter((pid) => backends.includes(pid))).toEqual([]);
    });

    it("keeps a transaction's reads on its own connection: it sees its writes, others see them after commit", async () => {
      let outsideDuring: number | undefined;
      await handle.db.transaction().execute(async (trx) => {
        await sql`insert into "notes" values (1, 'draft')`.execute(trx);
        const inside = await sql<{ count: number }>`select count(*) as "count" from "notes"`.execute(trx);
        expect(Number(inside.rows[0]?.count)).toBe(1);
        const outside = await sql<{ count: number }>`select count(*) as "count" from "notes"`.execute(
          handle.db,
        );
        outsideDuring = Number(outside.rows[0]?.count);
      });
      expect(outsideDuring).toBe(0);
      const after = await sql<{ count: number }>`select count(*) as "count" from "notes"`.execute(handle.db);
      expect(Number(after.rows[0]?.count)).toBe(1);
    });

    it("answers a failing read with its error and the reads behind it with theirs", async () => {
      const [bad, good] = await Promise.allSettled([
        sql`select * from "no_such_table"`.execute(handle.db),
        sql<{ one: number }>`select 1 as "one"`.execute(handle.db),
      ]);
      expect(bad.status).toBe("rejected");
      expect(good.status === "fulfilled" && good.value.rows[0]?.one).toBe(1);
    });

    it("opens a new pipelined connection when one is lost: reads fail, never hang, and then succeed", async () => {
      const lost = new Set(await Promise.all(Array.from({ length: 20 }, backendOf)));
      await adminStatement(
        `select pg_terminate_backend(pid) from pg_stat_activity where pid in (${[...lost].join(", ")})`,
      );
      let answered: number | null = null;
      for (let attempt = 0; attempt < 20 && answered === null; attempt += 1) {
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          backendOf().then(
            (pid) => pid,
            () => null,
          ),
          new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), 5_000))),
        ]);
        clearTimeout(timer);
        expect(outcome).not.toBe("hung");
        if (typeof outcome === "number") answered = outcome;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(answered).not.toBeNull();
      expect(lost.has(answered ?? 0)).toBe(false);
    });

    it("refuses a read once every lane is as deep as allowed, so it takes a pooled connection instead", async () => {
      const reads = new PipelinedReads(testDatabaseUrl() ?? "", new StatementNames(), 1, 2);
      try {
        const first = reads.query("select pg_backend_pid() as pid", []);
        const second = reads.query("select 2 as two", []);
        expect(first).not.toBeNull();
        expect(second).not.toBeNull();
        expect(reads.query("select 3 as three", [])).toBeNull();
        await Promise.all([first, second]);
        const third = reads.query("select 3 as three", []);
        expect((await third)?.rows[0]).toEqual({ three: 3 });
      } finally {
        await reads.end();
      }
    });
  });
