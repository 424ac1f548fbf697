import type { PageBootstrap } from "@forum/api/bootstrap";
import { GUEST_ME } from "@forum/api/guest";
import type { Me, PermissionsResponse } from "@forum/api/users";

/** The id of the JSON script every server-rendered page embeds (see packages/api/src/bootstrap.ts). */
export const BOOTSTRAP_ELEMENT_ID = "app-bootstrap";

export const GUEST_USER: Me = GUEST_ME;

export const GUEST_PERMISSIONS: PermissionsResponse = {
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  permissions: [],
  junctions: {},
  junctionAliases: {},
};

export function defaultBootstrap(): PageBootstrap {
  return {
    basePath: "",
    siteUrl: typeof window === "undefined" ? "" : window.location.origin,
    locale: "en",
    currentUser: GUEST_USER,
    permissions: GUEST_PERMISSIONS,
    config: {},
    addons: [],
    debug: false,
  };
}

let cached: { value: PageBootstrap; present: boolean } | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readBootstrap(): { value: PageBootstrap; present: boolean } {
  const fallback = defaultBootstrap();
  if (typeof document === "undefined") return { value: fallback, present: false };
  const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element?.textContent) return { value: fallback, present: false };
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (!isRecord(parsed)) throw new Error("bootstrap is not an object");
    const value: PageBootstrap = {
      ...fallback,
      ...(parsed as Partial<PageBootstrap>),
    };
    value.basePath = value.basePath.replace(/\/+$/, "");
    return { value, present: true };
  } catch (error) {
    console.error("Invalid page bootstrap JSON", error);
    return { value: fallback, present: false };
  }
}

/** The page bootstrap, read once; safe guest defaults when the page has none. */
export function getBootstrap(): PageBootstrap {
  cached ??= readBootstrap();
  return cached.value;
}

/** Whether the page was served to a signed-in member (its bootstrap's user): what only members use may load. */
export function pageIsForMember(): boolean {
  return getBootstrap().currentUser.userID > 0;
}

/** Whether the page embedded a bootstrap (otherwise the current user and permissions must be fetched). */
export function hasBootstrap(): boolean {
  cached ??= readBootstrap();
  return cached.present;
}

/** Forget the cached bootstrap (tests, or after the page script changed). */
export function resetBootstrap(): void {
  cached = null;
}

/**
 * A site-relative path prefixed with the site base path: `siteUrl("/entry/signin")`. A path already under the
 * base path (a site section's page links `/fr/…` in its own folder) is kept.
 */
export function siteUrl(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//")) return path;
  const normalised = path.startsWith("/") ? path : `/${path}`;
  const { basePath } = getBootstrap();
  if (basePath && (/^[^?#]*/.exec(normalised)?.[0] === basePath || normalised.startsWith(`${basePath}/`)))
    return normalised;
  return `${basePath}${normalised}`;
}

/** A public config value from the bootstrap, with a default. */
export function getConfig<T>(key: string, defaultValue: T): T {
  const value = getBootstrap().config[key];
  return value === undefined ? defaultValue : (value as T);
}
