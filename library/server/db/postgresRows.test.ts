import { sql } from "kysely";
import { emptyDatabase } from "../testing/emptyDatabase";
import { dialectsAmong } from "../testing/testApp";
import type { DatabaseHandle } from "./database";
import { postgresDriver } from "./postgresDriver";
import { compileDriverRows } from "./postgresRows";

interface Field {
  name: string;
  dataTypeID: number;
  format?: string;
}

interface DriverResult {
  addFields(fields: Field[]): void;
  parseRow(values: (string | Buffer | null)[]): unknown;
}

type ResultClass = new (rowMode?: string, types?: unknown) => DriverResult;

/** node-postgres' own Result (as the driver ships it) and a subclass whose rows are compiled, side by side. */
function resultClasses(): { Own: ResultClass; Compiled: ResultClass } {
  let loaded: { Result: ResultClass; types: { getTypeParser: never } } | undefined;
  jest.isolateModules(() => {
    // A registry of its own: the driver's Result as shipped, not the one the server's driver patched.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require("pg") as typeof loaded;
  });
  if (!loaded) throw new Error("pg did not load");
  const Own = loaded.Result;
  class Compiled extends Own {}
  expect(compileDriverRows(Compiled, loaded.types)).toBe(true);
  return { Own, Compiled };
}

const INT4 = 23;
const INT8 = 20;
const TEXT = 25;
const BOOL = 16;
const TIMESTAMPTZ = 1184;
const JSONB = 3802;

function rowsOf(ResultType: ResultClass, fields: Field[], rows: (string | null)[][], ...args: unknown[]) {
  const result = new ResultType(...(args as [string?, unknown?]));
  result.addFields(fields);
  return rows.map((values) => result.parseRow(values));
}

describe("compiled node-postgres rows", () => {
  const { Own, Compiled } = resultClasses();

  it("makes the rows the driver makes: fields in order, each value parsed by its type, nulls kept", () => {
    const fields = [
      { name: "discussionID", dataTypeID: INT4, format: "text" },
      { name: "name", dataTypeID: TEXT, format: "text" },
      { name: "count", dataTypeID: INT8, format: "text" },
      { name: "closed", dataTypeID: BOOL, format: "text" },
      { name: "dateInserted", dataTypeID: TIMESTAMPTZ, format: "text" },
      { name: "attributes", dataTypeID: JSONB, format: "text" },
    ];
    const values = [
      ["7", "Hello", "12", "t", "2026-11-30 10:00:00+00", '{"pinned":true}'],
      [null, null, null, null, null, null],
      ["8", "", "0", "f", "2026-12-01 09:30:00.5+00", "[]"],
    ];
    const own = rowsOf(Own, fields, values);
    const compiled = rowsOf(Compiled, fields, values);
    expect(compiled).toEqual(own);
    expect(compiled.map((row) => Object.keys(row as object))).toEqual(
      own.map((row) => Object.keys(row as object)),
    );
    expect((compiled[0] as { dateInserted: Date }).dateInserted).toBeInstanceOf(Date);
    expect((compiled[0] as { attributes: unknown }).attributes).toEqual({ pinned: true });
  });

  it("lets the later of two columns of one name win, where the first stood", () => {
    const fields = [
      { name: "id", dataTypeID: INT4 },
      { name: "name", dataTypeID: TEXT },
      { name: "id", dataTypeID: TEXT },
    ];
    const [own] = rowsOf(Own, fields, [["1", "a", "later"]]);
    const [compiled] = rowsOf(Compiled, fields, [["1", "a", "later"]]);
    expect(compiled).toEqual({ id: "later", name: "a" });
    expect(Object.keys(compiled as object)).toEqual(Object.keys(own as object));
  });

  it("keeps a column named __proto__ as a field, not the row's prototype", () => {
    const [row] = rowsOf(Compiled, [{ name: "__proto__", dataTypeID: TEXT }], [["x"]]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe("x");
  });

  it("uses the query's own type parsers when it sets some", () => {
    const types = { getTypeParser: () => (value: string) => `parsed ${value}` };
    const fields = [{ name: "a", dataTypeID: INT4 }];
    expect(rowsOf(Compiled, fields, [["1"]], undefined, types)).toEqual(
      rowsOf(Own, fields, [["1"]], undefined, types),
    );
    expect(rowsOf(Compiled, fields, [["1"]], undefined, types)).toEqual([{ a: "parsed 1" }]);
  });

  it("leaves rows asked for as arrays, and results with a binary column, to the driver", () => {
    const fields = [
      { name: "a", dataTypeID: INT4 },
      { name: "b", dataTypeID: TEXT },
    ];
    expect(rowsOf(Compiled, fields, [["1", null]], "array")).toEqual([[1, null]]);
    const binary = [{ name: "data", dataTypeID: 17, format: "binary" }];
    const bytes = [[Buffer.from([1, 2]) as unknown as string]];
    expect(rowsOf(Compiled, binary, bytes)).toEqual(rowsOf(Own, binary, bytes));
  });

  it("makes each result's rows with its own columns when one result object sees several", () => {
    const result = new Compiled();
    result.addFields([{ name: "a", dataTypeID: INT4 }]);
    expect(result.parseRow(["1"])).toEqual({ a: 1 });
    result.addFields([{ name: "b", dataTypeID: TEXT }]);
    expect(result.parseRow(["x"])).toEqual({ b: "x" });
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`rows read on ${dialect}`, () => {
    let database: { handle: DatabaseHandle; drop(): Promise<void> };

    beforeAll(async () => {
      database = await emptyDatabase(dialect);
    });

    afterAll(async () => {
      await database.handle.destroy();
      await database.drop();
    });

    it("come back with every type parsed, through the server's driver", async () => {
      const parseInt8 = postgresDriver().types.getTypeParser(INT8, "text") as (value: string) => unknown;
      expect(parseInt8("3")).toBe(3);
      const { rows } = await sql<Record<string, unknown>>`select 1::int as "a", 'x' as "b", null::text as "c",
        3::bigint as "d", true as "e", '2026-12-01T00:00:00Z'::timestamptz as "f", 2 as "a"`.execute(
        database.handle.db,
      );
      expect(rows).toEqual([{ a: 2, b: "x", c: null, d: 3, e: true, f: new Date("2026-12-01T00:00:00Z") }]);
      expect(Object.keys(rows[0] ?? {})).toEqual(["a", "b", "c", "d", "e", "f"]);
    });
  });
