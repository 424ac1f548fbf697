/**
 * The row counts a multi-row statement is written with: powers of two up to 256. A batch of any size is split
 * into at most one run of each (300 rows: 256, 32, 8, 4), so a flush runs a few statements instead of one per
 * row, and only nine statement texts exist per kind of write: each is prepared once and stays in SQLite's
 * statement cache instead of pushing hot reads out (a text per row count would).
 */
export const STATEMENT_BATCH_SIZES = [256, 128, 64, 32, 16, 8, 4, 2, 1] as const;

/** `items` in runs of STATEMENT_BATCH_SIZES, largest first, in their order. */
export function statementBatches<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  let start = 0;
  for (const size of STATEMENT_BATCH_SIZES)
    while (items.length - start >= size) {
      batches.push(items.slice(start, start + size));
      start += size;
    }
  return batches;
}
