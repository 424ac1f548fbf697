/** Now as stored in the database: ISO-8601 UTC with milliseconds. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoPlusSeconds(seconds: number, from = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}

/** A stored date as API.md's `dt`: RFC 3339 with offset, `2025-03-14T09:26:53+00:00`. */
export function toApiDate(stored: string): string;
export function toApiDate(stored: string | null): string | null;
export function toApiDate(stored: string | null): string | null {
  if (stored === null) return null;
  return `${stored.slice(0, 19)}+00:00`;
}
