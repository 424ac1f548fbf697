import type { ValidationErrorItem } from "@forum/api/common";
import type { ApiError } from "@library/src/api/apiError";

export interface SplitErrors {
  /** Errors of fields on the form, shown under each field. */
  byField: Record<string, ValidationErrorItem[]>;
  /** What cannot go under a field: the message of an error without one, or errors of keys not on the form. */
  general: string[];
}

/**
 * SPEC 5: config patch errors are grouped by field, and a field's own error comes first; only what belongs to
 * no listed field is shown as a general error above the form.
 */
export function splitSaveErrors(error: ApiError | null, fieldKeys: readonly string[]): SplitErrors {
  if (!error) return { byField: {}, general: [] };
  const listed = new Set(fieldKeys);
  const byField: Record<string, ValidationErrorItem[]> = {};
  const general: string[] = [];
  for (const [field, items] of Object.entries(error.errors)) {
    if (listed.has(field)) byField[field] = items;
    else general.push(...items.map((item) => item.message));
  }
  if (Object.keys(byField).length === 0 && general.length === 0)
    general.push(error.description ? `${error.message} ${error.description}` : error.message);
  return { byField, general };
}
