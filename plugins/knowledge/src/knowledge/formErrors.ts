import type { ApiError } from "@library/src/api/apiError";

/** The messages of an error that names no field of the form (or its own message). */
export function otherMessages(error: ApiError | null, fields: readonly string[]): string[] {
  if (!error) return [];
  const other = Object.entries(error.errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, items]) => items.map((item) => item.message));
  if (other.length > 0) return other;
  return Object.keys(error.errors).length === 0 ? [error.message] : [];
}
