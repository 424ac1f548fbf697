import { STATEMENT_BATCH_SIZES, statementBatches } from "./statementBatches";

describe("statementBatches", () => {
  it("splits into runs of the fixed sizes, largest first, keeping every item once and in order", () => {
    const items = Array.from({ length: 300 }, (_, index) => index);
    const batches = statementBatches(items);
    expect(batches.map((batch) => batch.length)).toEqual([256, 32, 8, 4]);
    expect(batches.flat()).toEqual(items);
  });

  it("uses each size at most once below the largest, and the largest as often as needed", () => {
    for (const count of [0, 1, 2, 3, 7, 255, 256, 257, 511, 513, 1000]) {
      const lengths = statementBatches(Array.from({ length: count }, (_, index) => index)).map(
        (batch) => batch.length,
      );
      expect(lengths.reduce((sum, length) => sum + length, 0)).toBe(count);
      for (const length of lengths) expect(STATEMENT_BATCH_SIZES).toContain(length);
      const small = lengths.filter((length) => length < 256);
      expect(new Set(small).size).toBe(small.length);
    }
  });
});
