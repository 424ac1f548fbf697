import { ClientError, ValidationError } from "@library/server/errors/httpErrors";

export interface NumberRange {
  values?: number[];
  min?: number;
  minInclusive?: boolean;
  max?: number;
  maxInclusive?: boolean;
}

function integer(text: string, field: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw ValidationError.field(field, `${field} is not a valid range.`);
  return Number(text.trim());
}

/** Range expression of API.md 1.6: `5`, `1,2,3`, `1..10`, `>5`, `<=5`, `[1,10)`. */
export function parseRange(expression: string, field: string): NumberRange {
  const text = expression.trim();
  const interval = /^([[(])\s*(-?\d*)\s*,\s*(-?\d*)\s*([\])])$/.exec(text);
  if (interval) {
    const [, open = "[", low = "", high = "", close = "]"] = interval;
    return {
      ...(low ? { min: Number(low), minInclusive: open === "[" } : {}),
      ...(high ? { max: Number(high), maxInclusive: close === "]" } : {}),
    };
  }
  const dots = /^(-?\d*)\.\.(-?\d*)$/.exec(text);
  if (dots) {
    const [, low = "", high = ""] = dots;
    return {
      ...(low ? { min: Number(low), minInclusive: true } : {}),
      ...(high ? { max: Number(high), maxInclusive: true } : {}),
    };
  }
  const comparison = /^(>=|<=|>|<)\s*(-?\d+)$/.exec(text);
  if (comparison) {
    const [, operator = ">", value = "0"] = comparison;
    const number = Number(value);
    return operator.startsWith(">")
      ? { min: number, minInclusive: operator === ">=" }
      : { max: number, maxInclusive: operator === "<=" };
  }
  return { values: text.split(",").map((part) => integer(part, field)) };
}

/** `categoryID` of GET /discussions: equality or CSV only (API.md 7.3). */
export function parseIDList(expression: string, field: string): number[] {
  const range = parseRange(expression, field);
  if (!range.values)
    throw new ClientError(`Invalid ${field.replace(/ID$/, "")} argument: use ids or a CSV list.`);
  return range.values;
}

export interface DateRange {
  /** ISO lower bound. */
  from?: string;
  fromInclusive?: boolean;
  to?: string;
  toInclusive?: boolean;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(text: string, field: string): { start: string; end: string } {
  const trimmed = text.trim();
  const date = new Date(DAY_PATTERN.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed);
  if (Number.isNaN(date.getTime()))
    throw ValidationError.field(field, `${field} is not a valid date filter.`);
  const start = date.toISOString();
  const end = DAY_PATTERN.test(trimmed) ? new Date(date.getTime() + 86400000).toISOString() : start;
  return { start, end };
}

/**
 * Date filter of API.md 1.6: `2025-01-01` (that day), `>`, `>=`, `<`, `<=` a date, or `[a,b]` / `(a,b)`.
 * A bare day covers the whole day.
 */
export function parseDateFilter(expression: string, field: string): DateRange {
  const text = expression.trim();
  const interval = /^([[(])([^,]*),([^\])]*)([\])])$/.exec(text);
  if (interval) {
    const [, open = "[", low = "", high = "", close = "]"] = interval;
    const range: DateRange = {};
    if (low.trim()) {
      const date = parseDate(low, field);
      Object.assign(
        range,
        open === "["
          ? { from: date.start, fromInclusive: true }
          : { from: date.end, fromInclusive: date.end !== date.start },
      );
    }
    if (high.trim()) {
      const date = parseDate(high, field);
      Object.assign(
        range,
        close === "]"
          ? { to: date.end, toInclusive: date.end === date.start }
          : { to: date.start, toInclusive: false },
      );
    }
    return range;
  }
  const comparison = /^(>=|<=|>|<)(.+)$/.exec(text);
  if (comparison) {
    const [, operator = ">", value = ""] = comparison;
    const date = parseDate(value, field);
    const isDay = date.start !== date.end;
    switch (operator) {
      case ">":
        return isDay ? { from: date.end, fromInclusive: true } : { from: date.start, fromInclusive: false };
      case ">=":
        return { from: date.start, fromInclusive: true };
      case "<":
        return { to: date.start, toInclusive: false };
      default:
        return isDay ? { to: date.end, toInclusive: false } : { to: date.start, toInclusive: true };
    }
  }
  const date = parseDate(text, field);
  return date.start === date.end
    ? { from: date.start, fromInclusive: true, to: date.start, toInclusive: true }
    : { from: date.start, fromInclusive: true, to: date.end, toInclusive: false };
}
