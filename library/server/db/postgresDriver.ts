import type pg from "pg";
import { compileDriverRows } from "./postgresRows";

let driver: typeof pg | null = null;

/**
 * node-postgres, loaded the first time a PostgreSQL connection or pool is made: a site on SQLite never loads it
 * (it held about 3.5 MB of heap and 3 MB more of each server process's memory for nothing).
 */
export function postgresDriver(): typeof pg {
  if (!driver) {
    // Loaded when first needed, not at start; `require` runs once and its module is cached.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require("pg") as typeof pg;
    // bigint (count(*), sums) as a JavaScript number: the forum's counts stay far below 2^53.
    loaded.types.setTypeParser(20, (value: string) => Number(value));
    // Rows made by one compiled object literal per column set (postgresRows.ts).
    compileDriverRows((loaded as unknown as { Result: { prototype: object } }).Result, loaded.types);
    driver = loaded;
  }
  return driver;
}
