import { ValidationError } from "@library/server/errors/httpErrors";
import type { DateBounds } from "../index/searchIndex";

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A date or a whole day: its first instant and the first instant after it. */
function parseDate(text: string, field: string): { start: string; end: string } {
  const trimmed = text.trim();
  const isDay = DAY_PATTERN.test(trimmed);
  const date = new Date(isDay ? `${trimmed}T00:00:00Z` : trimmed);
  if (!trimmed || Number.isNaN(date.getTime()))
    throw ValidationError.field(field, `${field} is not a valid date filter.`);
  const start = date.toISOString();
  return { start, end: isDay ? new Date(date.getTime() + 86400000).toISOString() : start };
}

function interval(open: string, low: string, high: string, close: string, field: string): DateBounds {
  const bounds: DateBounds = {};
  if (low.trim()) {
    const date = parseDate(low, field);
    Object.assign(
      bounds,
      open === "[" ? { from: date.start, fromInclusive: true } : { from: date.end, fromInclusive: false },
    );
  }
  if (high.trim()) {
    const date = parseDate(high, field);
    Object.assign(
      bounds,
      close === "]"
        ? { to: date.end, toInclusive: date.end === date.start }
        : { to: date.start, toInclusive: false },
    );
  }
  return bounds;
}

function comparison(operator: string, value: string, field: string): DateBounds {
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

/**
 * A date filter of API.md 1.6: `2025-01-01` (that day), `>`, `>=`, `<`, `<=` a date, `[a,b]` / `(a,b)` (a
 * bracket includes its end, a parenthesis leaves it out). Anything else is a 422 on the field.
 */
export function parseDateFilter(expression: string, field: string): DateBounds {
  const text = expression.trim();
  const range = /^([[(])([^,]*),([^\])]*)([\])])$/.exec(text);
  if (range) return interval(range[1] ?? "[", range[2] ?? "", range[3] ?? "", range[4] ?? "]", field);
  const compared = /^(>=|<=|>|<)(.+)$/.exec(text);
  if (compared) return comparison(compared[1] ?? ">", compared[2] ?? "", field);
  const date = parseDate(text, field);
  return date.start === date.end
    ? { from: date.start, fromInclusive: true, to: date.start, toInclusive: true }
    : { from: date.start, fromInclusive: true, to: date.end, toInclusive: false };
}
