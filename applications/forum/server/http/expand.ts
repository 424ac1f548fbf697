/**
 * Resolves an `expand` list (API.md 1.6): `all` turns on every positive name, a leading `-` removes a
 * default. Returns the set of names that are on.
 */
export function resolveExpand(
  requested: readonly string[] | undefined,
  options: { all: readonly string[]; defaults?: readonly string[] },
): Set<string> {
  const on = new Set(options.defaults ?? []);
  for (const name of requested ?? []) {
    if (name === "all") for (const each of options.all) on.add(each);
    else if (!name.startsWith("-")) on.add(name);
  }
  for (const name of requested ?? []) if (name.startsWith("-")) on.delete(name.slice(1));
  return on;
}

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

export function pageRequest(
  page: number | undefined,
  limit: number | undefined,
  defaultLimit = 30,
): PageRequest {
  const effectivePage = page ?? 1;
  const effectiveLimit = limit ?? defaultLimit;
  return { page: effectivePage, limit: effectiveLimit, offset: (effectivePage - 1) * effectiveLimit };
}
