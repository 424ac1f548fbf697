import type { CompiledQuery, Compilable } from "kysely";
import { sqliteReadsOf, type DbOrTx } from "./database";
import type { SqliteArrayRows } from "./sqliteArrayRows";

/** Most statement shapes kept per database. */
const MAX_SHAPES = 500;

const compiledByDb = new WeakMap<object, Map<string, CompiledQuery>>();
/** On SQLite, each shape's statement of its own, its rows read as arrays. */
const arrayRowsByDb = new WeakMap<object, Map<string, SqliteArrayRows<unknown>>>();

/**
 * Runs a hot read whose SQL text depends only on its shape (how many ids it lists): Kysely builds and compiles
 * it the first time each shape is asked for, and later calls only bind their values. Building and compiling a
 * statement costs more CPU than SQLite running an indexed read, and a member's every page runs the same few.
 *
 * `parameters` are the statement's values in the order the built statement binds them; the first build of each
 * shape checks that they are exactly the ones Kysely bound (an order mistake throws at once, in any test that
 * runs the read).
 */
export async function executeCompiledOnce<R>(
  db: DbOrTx,
  shape: string,
  build: () => Compilable<R>,
  parameters: readonly unknown[],
): Promise<R[]> {
  let byShape = compiledByDb.get(db);
  if (!byShape) {
    byShape = new Map();
    compiledByDb.set(db, byShape);
  }
  let compiled = byShape.get(shape) as CompiledQuery<R> | undefined;
  if (!compiled) {
    compiled = build().compile();
    const bound = compiled.parameters;
    if (bound.length !== parameters.length || bound.some((value, index) => value !== parameters[index]))
      throw new Error(`The parameters given for the statement "${shape}" are not the ones it binds.`);
    if (byShape.size < MAX_SHAPES) byShape.set(shape, compiled);
  }
  // On SQLite, outside any transaction, the read runs at once on the connection (as Kysely would run it, with
  // none of its queue's promises), on a statement of the shape's own whose rows come as arrays; while a
  // transaction holds the connection it waits in Kysely's queue. A transaction's own reads have no
  // `sqliteReadsOf` and go through it too.
  const sqlite = sqliteReadsOf(db);
  if (sqlite && !sqlite.inTransaction()) {
    let readers = arrayRowsByDb.get(db);
    if (!readers) {
      readers = new Map();
      arrayRowsByDb.set(db, readers);
    }
    let reader = readers.get(shape) as SqliteArrayRows<R> | undefined;
    if (!reader) {
      reader = sqlite.arrayRows<R>(compiled.sql);
      if (readers.size < MAX_SHAPES) readers.set(shape, reader);
    }
    return reader.all(parameters);
  }
  const result = await db.executeQuery<R>({ ...compiled, parameters });
  return result.rows;
}
