import { sql } from "kysely";
import type { Db } from "../db/database";

/** A row to insert (column → value) for the id tests: each call gives a fresh row (unique columns differ). */
export type RowMaker = (n: number) => Record<string, string | number>;

async function insertRow(db: Db, table: string, idColumn: string, row: Record<string, string | number>) {
  const columns = Object.keys(row);
  const { rows } = await sql<{ id: number | string }>`insert into ${sql.table(table)}
    (${sql.join(columns.map((column) => sql.ref(column)))})
    values (${sql.join(columns.map((column) => row[column]))})
    returning ${sql.ref(idColumn)} as "id"`.execute(db);
  return Number(rows[0]?.id);
}

async function deleteRow(db: Db, table: string, idColumn: string, id: number): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${sql.ref(idColumn)} = ${id}`.execute(db);
}

/**
 * Creates two rows, deletes the newer one (the table's largest id) and creates another: returns the deleted id
 * and the new one, which must be larger (an id a client may still hold is never handed out again). The rows made
 * are removed again.
 */
export async function idAfterDeletingNewest(
  db: Db,
  table: string,
  idColumn: string,
  makeRow: RowMaker,
): Promise<{ deleted: number; next: number }> {
  const first = await insertRow(db, table, idColumn, makeRow(1));
  const deleted = await insertRow(db, table, idColumn, makeRow(2));
  await deleteRow(db, table, idColumn, deleted);
  const next = await insertRow(db, table, idColumn, makeRow(3));
  await deleteRow(db, table, idColumn, next);
  await deleteRow(db, table, idColumn, first);
  return { deleted, next };
}
