import type SQLite from "better-sqlite3";
import { compiledRowLiteral } from "./rowLiterals";

/**
 * One hot read's statement on SQLite, its rows asked for as arrays and made into objects here. better-sqlite3
 * makes each row object through V8's API, one property at a time; an array of the values is one call, and the
 * object built from it in JavaScript has the same fields in the same order. A page of eight comments (16 columns)
 * took 78 µs as objects and 61 µs as arrays made into objects, in a loop on its own.
 *
 * The column names are read from the statement when its rows first come back and again whenever a row's length
 * differs from them: a column added by a migration of another process (a newer version starting beside this
 * one) shows as a longer row, and SQLite compiles the statement anew by itself after a schema change.
 */
export class SqliteArrayRows<R> {
  private readonly statement: SQLite.Statement<unknown[], unknown[]>;
  private columnCount = -1;
  private makeRow: (values: readonly unknown[], extra: undefined) => R = () => {
    throw new Error("No columns read yet.");
  };

  constructor(
    sqlite: SQLite.Database,
    private readonly source: string,
    /** The connection's read snapshot, which each run joins (sqliteReadSnapshot.ts). */
    private readonly snapshot: { enter(): void },
    /** Told of each run, its SQL and milliseconds (`QueryObserver` in database.ts, which imports this file). */
    private readonly onQuery?: (sql: string, durationMs: number) => void,
  ) {
    this.statement = sqlite.prepare<unknown[], unknown[]>(source).raw(true);
  }

  all(parameters: readonly unknown[]): R[] {
    const started = this.onQuery ? performance.now() : 0;
    let arrays: unknown[][];
    try {
      this.snapshot.enter();
      arrays = this.statement.all(...parameters);
    } finally {
      this.onQuery?.(this.source, performance.now() - started);
    }
    // Every row of one run has the statement's columns as they are now: the first row's length tells for all.
    const columnCount = arrays[0]?.length ?? this.columnCount;
    if (columnCount !== this.columnCount) {
      // One object literal per column set, as better-sqlite3 would make it (rowLiterals.ts).
      this.makeRow = compiledRowLiteral<undefined, R>(
        this.statement.columns().map((column) => column.name),
        (index) => `values[${index}]`,
      );
      this.columnCount = columnCount;
    }
    const rows = new Array<R>(arrays.length);
    for (let index = 0; index < arrays.length; index += 1)
      rows[index] = this.makeRow(arrays[index] as unknown[], undefined);
    return rows;
  }
}
