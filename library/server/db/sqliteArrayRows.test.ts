import { sql, type Kysely } from "kysely";
import { executeCompiledOnce } from "./compiledOnce";
import { openSqlite, type DatabaseHandle } from "./database";

interface GaugeTables {
  gauges: { gaugeID: number; name: string; reading: number | null; unit?: string };
}

describe("a hot read's rows on SQLite, made from arrays", () => {
  let handle: DatabaseHandle;
  let db: Kysely<GaugeTables>;

  beforeEach(async () => {
    handle = openSqlite(":memory:");
    db = handle.db as unknown as Kysely<GaugeTables>;
    await sql`create table "gauges" ("gaugeID" integer primary key, "name" text not null, "reading" real)`.execute(
      db,
    );
    await sql`insert into "gauges" values (1, 'north', 1.5), (2, 'south', null)`.execute(db);
  });
  afterEach(() => handle.destroy());

  const allGauges = () => db.selectFrom("gauges").selectAll().where("gaugeID", ">", 0).orderBy("gaugeID");

  it("are the objects Kysely answers, each column in order, and follow a column added since", async () => {
    const read = () => executeCompiledOnce(handle.db, "test.gauges", allGauges, [0]);
    const rows = await read();
    expect(rows).toEqual(await allGauges().execute());
    expect(rows).toEqual([
      { gaugeID: 1, name: "north", reading: 1.5 },
      { gaugeID: 2, name: "south", reading: null },
    ]);
    expect(Object.keys(rows[0] ?? {})).toEqual(["gaugeID", "name", "reading"]);

    // SQLite compiles the kept statement anew after the schema change; its rows are one value longer.
    await sql`alter table "gauges" add column "unit" text not null default 'bar'`.execute(db);
    expect(await read()).toEqual([
      { gaugeID: 1, name: "north", reading: 1.5, unit: "bar" },
      { gaugeID: 2, name: "south", reading: null, unit: "bar" },
    ]);
  });

  it("keep the later of two columns of one name, as the row objects do", async () => {
    const renamed = () =>
      db
        .selectFrom("gauges")
        .select(["gaugeID", "name", sql<string>`'renamed'`.as("name")])
        .where("gaugeID", "=", 2);
    const rows = await executeCompiledOnce(handle.db, "test.gaugeNames", renamed, [2]);
    expect(rows).toEqual(await renamed().execute());
    expect(rows).toEqual([{ gaugeID: 2, name: "renamed" }]);
  });

  it("hold a column named __proto__ as a field of its own, as the row objects do", async () => {
    const proto = () =>
      db
        .selectFrom("gauges")
        .select(["gaugeID", sql<string>`'not a prototype'`.as("__proto__")])
        .where("gaugeID", "=", 1);
    const [row] = await executeCompiledOnce(handle.db, "test.gaugeProto", proto, [1]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe("not a prototype");
    expect(Object.keys(row ?? {})).toEqual(["gaugeID", "__proto__"]);
  });

  it("are none for no match, and each call binds its own values", async () => {
    const byID = (gaugeID: number) =>
      executeCompiledOnce(
        handle.db,
        "test.gaugeByID",
        () => db.selectFrom("gauges").select("name").where("gaugeID", "=", gaugeID),
        [gaugeID],
      );
    expect(await byID(3)).toEqual([]);
    expect(await byID(2)).toEqual([{ name: "south" }]);
    expect(await byID(1)).toEqual([{ name: "north" }]);
  });
});
