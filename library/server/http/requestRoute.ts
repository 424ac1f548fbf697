import type { FastifyRequest } from "fastify";

/** Where the JSON API lives (API.md 1.1). */
export const API_PREFIX = "/api/v2";

export const UNPLAIN_PATH_MESSAGE =
  "The address is not written plainly: send letters, digits and dots unescaped, without . or .. segments or control characters.";

/** Characters that mean the same escaped or not (RFC 3986 "unreserved", less `~`, which some encoders escape). */
const PLAIN_CHARACTER = /^[A-Za-z0-9._-]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

type RoutedRequest = Pick<FastifyRequest, "url" | "routeOptions">;

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Whether a request's path is spelt the one way the site writes its addresses. The router reads `/%61pi/v2` as
 * `/api/v2` and a proxy in front may not, so an escaped letter, digit or dot, a `.` or `..` segment and a control
 * character (escaped or not) are refused rather than guessed at; other escapes (`%20`, `%2F`, UTF-8) are fine.
 */
export function isPlainPath(url: string): boolean {
  const path = pathOf(url);
  if (CONTROL_CHARACTER.test(path)) return false;
  for (const [, hex] of path.matchAll(ESCAPE)) {
    const character = String.fromCharCode(parseInt(hex ?? "", 16));
    if (PLAIN_CHARACTER.test(character) || CONTROL_CHARACTER.test(character)) return false;
  }
  return !path.split("/").some((segment) => segment === "." || segment === "..");
}

/**
 * The path a hook decides on: the matched route's pattern (`/api/v2/users/:userID`), however the address was
 * spelt; for a request no route matched, its path with unreserved escapes decoded as the router reads them.
 */
export function routePath(request: RoutedRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) return pattern;
  return pathOf(request.url).replace(ESCAPE, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return PLAIN_CHARACTER.test(character) ? character : escape;
  });
}

/** Whether a request is for the JSON API: the CSRF rule, the two-factor policy and JSON errors apply. */
export function isApiRequest(request: RoutedRequest): boolean {
  const path = routePath(request);
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** Whether the request's route (or, unmatched, its path) starts with one of the prefixes. */
export function isUnderPrefix(request: RoutedRequest, prefixes: readonly string[]): boolean {
  const path = routePath(request);
  return prefixes.some((prefix) => path.startsWith(prefix));
}
