import { API_LINK_KEYS } from "@forum/api/links";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { siteOrigin } from "./pagination";
import { isUnderPrefix } from "./requestRoute";

/** How deep a record's links are rewritten (records nest users, categories, last posts, breadcrumbs). */
const MAX_DEPTH = 8;

/**
 * A copy of `value` in which every site-relative link (`/path`, not `//host`) under a link key is `origin + path`.
 * The answer's objects are never changed in place: presenters may hand out cached records (the category tree).
 * Other values are kept: links elsewhere are already absolute, and empty strings stay empty.
 */
export function absolutizeLinks(value: unknown, origin: string, depth = 0): unknown {
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index += 1)
      items[index] = absolutizeLinks(value[index], origin, depth + 1);
    return items;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  // `for…in` with an own-key check visits what Object.entries would, without an array of pairs per object
  // (about a third of this walk's time on a page of comments).
  for (const key in source) {
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const field = source[key];
    if (typeof field === "string")
      copy[key] =
        API_LINK_KEYS.has(key) && field.startsWith("/") && !field.startsWith("//") ? origin + field : field;
    else
      copy[key] =
        typeof field === "object" && field !== null ? absolutizeLinks(field, origin, depth + 1) : field;
  }
  return copy;
}

/** A site path the URL parser keeps exactly as written: the product's own links (ids, encoded slugs, fragments). */
const PLAIN_SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-_/#%]*$/;
/** Each origin's normalised form (`new URL(origin).origin`): a site has one or two. */
const normalisedOrigins = new Map<string, string>();
const MAX_NORMALISED_ORIGINS = 64;

/**
 * `new URL(path, origin).href` for a site path: a page builds one per post (about 1 % of a guest's uncached page
 * through the parser), while the product's own paths need only the origin before them.
 */
export function absoluteSiteUrl(path: string, origin: string): string {
  if (!PLAIN_SITE_PATH.test(path)) return new URL(path, origin).href;
  let normalised = normalisedOrigins.get(origin);
  if (normalised === undefined) {
    const parsed = new URL(origin);
    // An origin the parser cannot name (not http or https) takes the parser's way.
    if (parsed.origin === "null") return new URL(path, origin).href;
    normalised = parsed.origin;
    if (normalisedOrigins.size >= MAX_NORMALISED_ORIGINS) normalisedOrigins.clear();
    normalisedOrigins.set(origin, normalised);
  }
  return normalised + path;
}

/**
 * API answers carry absolute links built from the site's origin (`SITE_URL`, the stored origin, else the request's;
 * guest caching is keyed by host, so one host's links never reach another). The single-page layouts are the
 * site's own client's and keep their relative links.
 */
export function registerAbsoluteLinks(
  api: FastifyInstance,
  siteUrl: string | null,
  skipPrefixes: readonly string[],
): void {
  api.addHook("preSerialization", async (request: FastifyRequest, _reply, payload: unknown) => {
    if (isUnderPrefix(request, skipPrefixes)) return payload;
    return absolutizeLinks(payload, siteOrigin(request, siteUrl));
  });
}
