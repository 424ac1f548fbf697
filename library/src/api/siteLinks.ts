import { API_LINK_KEYS } from "@forum/api/links";

const MAX_DEPTH = 8;

/**
 * Turns the site's own absolute links in an API answer (`{origin}/path`) back into paths, in place, so links
 * follow the host the page was opened on (a forum reached by name and by LAN address alike). Links elsewhere stay.
 */
export function relativizeSiteLinks(value: unknown, origin: string, depth = 0): void {
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) relativizeSiteLinks(item, origin, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(record)) {
    if (typeof field === "string") {
      if (API_LINK_KEYS.has(key) && field.startsWith(origin) && field.charAt(origin.length) === "/")
        record[key] = field.slice(origin.length);
    } else if (typeof field === "object" && field !== null) {
      relativizeSiteLinks(field, origin, depth + 1);
    }
  }
}

/** The origin of the site's links as the server writes them (the bootstrap's `siteUrl`), or null. */
export function siteLinkOrigin(siteUrl: string): string | null {
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}
