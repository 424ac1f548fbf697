import { sql } from "kysely";
import { executeCompiledOnce } from "./compiledOnce";
import { twoConnectionsToOneFile } from "../testing/sqliteFileConnections";
import { noteRequestArrival } from "./sqliteReadSnapshot";
import { writeTransaction } from "./writeTransaction";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Two connections to one file, as two server processes hold them. */
describe("a turn's reads on SQLite share one read snapshot", () => {
  const connections = twoConnectionsToOneFile("snapshot", (db) =>
    sql`create table "notes" ("noteID" integer primary key, "body" text not null)`.execute(db),
  );
  /** The connection whose reads are watched, and another process's. */
  const reader = () => connections.first.db;
  const other = () => connections.second.db;
  let next = 0;

  const count = async (db = reader()) =>
    Number((await sql<{ n: number }>`select count(*) as "n" from "notes"`.execute(db)).rows[0]?.n);
  const countCompiled = async () =>
    (
      await executeCompiledOnce(
        reader(),
        "test.noteCount",
        () =>
          reader()
            .selectFrom("notes" as never)
            .select((eb) => eb.fn.countAll<number>().as("n")),
        [],
      )
    )[0]?.n;
  const insertElsewhere = async () => {
    next += 1;
    await sql`insert into "notes" ("noteID", "body") values (${next}, 'elsewhere')`.execute(other());
  };

  it("reads one state through a turn and the latest state in the next", async () => {
    await nextTurn();
    const before = await count();
    await insertElsewhere();
    // The same turn: both kinds of read see the state the turn's first read saw.
    expect(await count()).toBe(before);
    expect(await countCompiled()).toBe(before);
    await nextTurn();
    expect(await count()).toBe(before + 1);
    expect(await countCompiled()).toBe(before + 1);
  });

  it("shows a request every commit made before it arrived, even within the turn", async () => {
    await nextTurn();
    const before = await count();
    await insertElsewhere();
    noteRequestArrival(performance.now());
    expect(await countCompiled()).toBe(before + 1);
    expect(await count()).toBe(before + 1);
  });

  it("shows the connection's own writes at once, outside and inside a transaction", async () => {
    await nextTurn();
    const before = await count();
    next += 1;
    await sql`insert into "notes" ("noteID", "body") values (${next}, 'own')`.execute(reader());
    expect(await count()).toBe(before + 1);
    next += 1;
    const id = next;
    await writeTransaction(reader(), "sqlite", async (trx) => {
      await sql`insert into "notes" ("noteID", "body") values (${id}, 'own')`.execute(trx);
    });
    expect(await countCompiled()).toBe(before + 2);
  });

  it("begins a write transaction on the latest state though another process committed during the turn", async () => {
    await nextTurn();
    const before = await count();
    await insertElsewhere();
    // The snapshot predates that commit: a transaction that began inside it could not write (SQLITE_BUSY_SNAPSHOT).
    const seen = await writeTransaction(reader(), "sqlite", async (trx) => {
      const inside = await count(trx);
      next += 1;
      await sql`insert into "notes" ("noteID", "body") values (${next}, 'after')`.execute(trx);
      return inside;
    });
    expect(seen).toBe(before + 1);
    expect(await count()).toBe(before + 2);
  });

  it("lets a PRAGMA set the connection though a read opened the turn's snapshot", async () => {
    await nextTurn();
    await count();
    // Inside a transaction SQLite ignores this one: a migration that rebuilds tables depends on it.
    await sql`pragma foreign_keys = off`.execute(reader());
    const keys = async () =>
      (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(reader())).rows[0]?.foreign_keys;
    expect(await keys()).toBe(0);
    await sql`pragma foreign_keys = on`.execute(reader());
    expect(await keys()).toBe(1);
  });

  it("holds nothing past the turn: another connection's write transaction and checkpoint go through", async () => {
    await count();
    await nextTurn();
    await writeTransaction(other(), "sqlite", async (trx) => {
      next += 1;
      await sql`insert into "notes" ("noteID", "body") values (${next}, 'later')`.execute(trx);
    });
    const [result] = (await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(other())).rows;
    expect(result?.busy).toBe(0);
  });
});
