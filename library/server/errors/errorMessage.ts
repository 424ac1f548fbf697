/**
 * The message of a thrown value, or null when it has none. Not `instanceof Error`: the SQLite driver's errors
 * are made by its native module, whose `Error` is not the one of a test's (or a worker's) JavaScript realm.
 */
export function messageOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("message" in error)) return null;
  return typeof error.message === "string" ? error.message : null;
}

/** A thrown value as text for a log line or a dashboard: its message, or the value itself. */
export function errorText(error: unknown): string {
  return messageOf(error) ?? String(error);
}
