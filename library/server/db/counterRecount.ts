import { sql } from "kysely";
import type { DbOrTx } from "./database";

/** A stored counter (or last-post field) value. */
export type CounterValue = number | string | null;

/** One stored value a recount corrected. */
export interface CounterChange {
  table: string;
  /** The row: its id, or a short description of a composite key. */
  id: number | string;
  column: string;
  from: CounterValue;
  to: CounterValue;
}

/** `categories #3 countComments 12 → 10` */
export function describeCounterChange(change: CounterChange): string {
  return `${change.table} #${change.id} ${change.column} ${String(change.from)} → ${String(change.to)}`;
}

/** A row's stored counters and the values recounted from the rows they count. */
export interface RecountedRow {
  id: number;
  stored: Record<string, CounterValue>;
  expected: Record<string, CounterValue>;
}

/**
 * Writes the counters that differ from their recounted value, one UPDATE per row in ascending id order (the lock
 * order), and returns what changed. Table and column names come from code, never from input.
 */
export async function writeRecountedRows(
  trx: DbOrTx,
  table: string,
  keyColumn: string,
  rows: readonly RecountedRow[],
): Promise<CounterChange[]> {
  const changes: CounterChange[] = [];
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const changed = Object.entries(row.expected).filter(([column, value]) => row.stored[column] !== value);
    if (changed.length === 0) continue;
    for (const [column, value] of changed)
      changes.push({ table, id: row.id, column, from: row.stored[column] ?? null, to: value });
    const assignments = sql.join(changed.map(([column, value]) => sql`${sql.ref(column)} = ${value}`));
    await sql`update ${sql.table(table)} set ${assignments} where ${sql.ref(keyColumn)} = ${row.id}`.execute(
      trx,
    );
  }
  return changes;
}
