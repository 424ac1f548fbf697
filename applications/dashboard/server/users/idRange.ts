/** A bound of a range: `value`, and whether the value itself is included. */
export interface RangeBound {
  value: number;
  inclusive: boolean;
}

/** A parsed range expression: a list of ids, or lower and/or upper bounds. */
export type IdRange = { ids: number[] } | { min?: RangeBound; max?: RangeBound };

const INTEGER = /^\d+$/;

function integer(text: string): number | null {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

function interval(text: string): IdRange | null {
  const match = /^([[(])\s*(\d*)\s*,\s*(\d*)\s*([\])])$/.exec(text);
  if (!match) return null;
  const [, open, low = "", high = "", close] = match;
  const min = low === "" ? null : integer(low);
  const max = high === "" ? null : integer(high);
  return {
    ...(min === null ? {} : { min: { value: min, inclusive: open === "[" } }),
    ...(max === null ? {} : { max: { value: max, inclusive: close === "]" } }),
  };
}

/**
 * API.md 1.6 range expressions for id filters: `5`, `1,2,3`, `1..10`, `>5`, `>=5`, `<5`, `<=5`, `[1,10)`.
 * Returns null when the text is none of these.
 */
export function parseIdRange(text: string): IdRange | null {
  const trimmed = text.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("(")) return interval(trimmed);
  const comparison = /^(>=|<=|>|<)\s*(\d+)$/.exec(trimmed);
  if (comparison) {
    const [, operator = "", digits = ""] = comparison;
    const value = integer(digits);
    if (value === null) return null;
    const bound = { value, inclusive: operator.endsWith("=") };
    return operator.startsWith(">") ? { min: bound } : { max: bound };
  }
  const dots = trimmed.split("..");
  if (dots.length === 2) {
    const [low = "", high = ""] = dots;
    const min = low.trim() === "" ? null : integer(low);
    const max = high.trim() === "" ? null : integer(high);
    if ((low.trim() !== "" && min === null) || (high.trim() !== "" && max === null)) return null;
    return {
      ...(min === null ? {} : { min: { value: min, inclusive: true } }),
      ...(max === null ? {} : { max: { value: max, inclusive: true } }),
    };
  }
  const ids = trimmed.split(",").map(integer);
  if (ids.length === 0 || ids.some((id) => id === null)) return null;
  return { ids: ids.filter((id): id is number => id !== null) };
}
