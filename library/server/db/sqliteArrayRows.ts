import type SQLite from "better-sqlite3";

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
  private makeRow: (values: readonly unknown[]) => R = () => {
    throw new Error("No columns read yet.");
  };

  constructor(
    sqlite: SQLite.Database,
    private readonly source: string,
    /** Told of each run, its SQL and milliseconds (`QueryObserver` in database.ts, which imports this file). */
    private readonly onQuery?: (sql: string, durationMs: number) => void,
  ) {
    this.statement = sqlite.prepare<unknown[], unknown[]>(source).raw(true);
  }

  all(parameters: readonly unknown[]): R[] {
    const started = this.onQuery ? performance.now() : 0;
    let arrays: unknown[][];
    try {
      arrays = this.statement.all(...parameters);
    } finally {
      this.onQuery?.(this.source, performance.now() - started);
    }
    // Every row of one run has the statement's columns as they are now: the first row's length tells for all.
    const columnCount = arrays[0]?.length ?? this.columnCount;
    if (columnCount !== this.columnCount) {
      this.makeRow = rowMaker<R>(this.statement.columns().map((column) => column.name));
      this.columnCount = columnCount;
    }
    const rows = new Array<R>(arrays.length);
    for (let index = 0; index < arrays.length; index += 1)
      rows[index] = this.makeRow(arrays[index] as unknown[]);
    return rows;
  }
}

/**
 * A function making the row as better-sqlite3 would (a field per column in order, a later column of the same name
 * winning) as one object literal: every row of a statement then has the same fields in the object itself, made in
 * one step. Filling an empty object field by field from the names was slower than better-sqlite3's own objects
 * (the store that sets a field by a computed name sees every statement's names and goes the generic way).
 * The names are the statement's own columns, each written as a JSON string.
 */
function rowMaker<R>(names: readonly string[]): (values: readonly unknown[]) => R {
  // A field named `__proto__` is written as a computed key: in a literal the plain key would set the prototype.
  const fields = names
    .map((name, index) => {
      const key = name === "__proto__" ? `[${JSON.stringify(name)}]` : JSON.stringify(name);
      return `${key}: values[${index}]`;
    })
    .join(", ");
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the body names only the statement's columns, quoted.
  return new Function("values", `return { ${fields} };`) as (values: readonly unknown[]) => R;
}
