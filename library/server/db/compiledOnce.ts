import type { CompiledQuery, Compilable } from "kysely";
import { sqliteReadsOf, type DbOrTx } from "./database";
import type { SqliteArrayRows } from "./sqliteArrayRows";

/** Most statement shapes kept per database. */
const MAX_SHAPES = 500;

/** A shape's statement as Kysely compiled it and, on SQLite, its statement of its own whose rows come as arrays. */
interface Shape<R> {
  compiled: CompiledQuery<R>;
  arrayRows?: SqliteArrayRows<R>;
}

const shapesByDb = new WeakMap<object, Map<string, Shape<unknown>>>();

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
  let byShape = shapesByDb.get(db);
  if (!byShape) {
    byShape = new Map();
    shapesByDb.set(db, byShape);
  }
  let kept = byShape.get(shape) as Shape<R> | undefined;
  if (!kept) {
    kept = { compiled: build().compile() };
    const bound = kept.compiled.parameters;
    if (bound.length !== parameters.length || bound.some((value, index) => value !== parameters[index]))
      throw new Error(`The parameters given for the statement "${shape}" are not the ones it binds.`);
    if (byShape.size < MAX_SHAPES) byShape.set(shape, kept);
  }
  const { compiled } = kept;
  // On SQLite, outside any transaction, the read runs at once on the connection (as Kysely would run it, with
  // none of its queue's promises), on a statement of the shape's own whose rows come as arrays; while a
  // transaction holds the connection it waits in Kysely's queue. A transaction's own reads have no
  // `sqliteReadsOf` and go through it too.
  const sqlite = sqliteReadsOf(db);
  if (sqlite && !sqlite.inTransaction()) {
    kept.arrayRows ??= sqlite.arrayRows<R>(compiled.sql);
    return kept.arrayRows.all(parameters);
  }
  const result = await db.executeQuery<R>({ ...compiled, parameters });
  return result.rows;
}
