import type { IncomingMessage } from "node:http";
import type { FastifyRequest } from "fastify";

/**
 * SPEC 2 site sections: a part of the site served under a folder of its own (`/fr/…`) with its own language,
 * category subtree and home page. The core names no provider: an add-on answers which sections exist.
 */
export interface RequestSiteSection {
  siteSectionID: number;
  /** The folder, without slashes (`fr`). */
  slug: string;
  name: string;
  /** The section's language: the reader's for its pages unless they chose one. */
  locale: string;
  /** The root of its category subtree (null: every category). */
  rootCategoryID: number | null;
  description: string;
  /** The section's own theme (a theme id or file theme key); null: the site's. */
  themeKey: string | null;
  /** The section's own main navigation; empty: the site's. */
  navigation: { name: string; url: string }[];
}

/** What a provider answers, from memory: routing runs before any hook, synchronously. */
export interface SiteSectionProvider {
  bySlug(slug: string): RequestSiteSection | null;
  byID(siteSectionID: number): RequestSiteSection | null;
  /** Every section it knows. */
  all(): RequestSiteSection[];
}

/** First path segments of the app's own routes: a section may not take one of them as its folder. */
function firstSegment(url: string): string | null {
  const segment = url.split("/")[1] ?? "";
  return segment && !segment.startsWith(":") && !segment.includes("*") ? segment.toLowerCase() : null;
}

const sectionOfRequest = new WeakMap<IncomingMessage, RequestSiteSection>();

/** The site sections of one app: the providers of running add-ons, asked in registration order. */
export class SiteSectionRegistry {
  private readonly providers: { owner: string; provider: SiteSectionProvider }[] = [];
  private readonly reserved = new Set<string>();

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(provider: SiteSectionProvider, owner: string): void {
    this.providers.push({ owner, provider });
  }

  /** Called for every route the app adds: its first segment becomes reserved. */
  noteRoute(url: string): void {
    const segment = firstSegment(url);
    if (segment) this.reserved.add(segment);
  }

  /** True when a path's first segment belongs to a route of the app (`discussions`, `api`…). */
  isReservedSlug(slug: string): boolean {
    return this.reserved.has(slug.toLowerCase());
  }

  private active(): SiteSectionProvider[] {
    return this.providers.filter(({ owner }) => this.isOwnerActive(owner)).map(({ provider }) => provider);
  }

  byID(siteSectionID: number): RequestSiteSection | null {
    for (const provider of this.active()) {
      const section = provider.byID(siteSectionID);
      if (section) return section;
    }
    return null;
  }

  /** Every section of the running providers. */
  all(): RequestSiteSection[] {
    return this.active().flatMap((provider) => provider.all());
  }

  /**
   * Fastify's `rewriteUrl`: `/fr/categories?x` is routed as `/categories?x` and remembered as section `fr`'s
   * request; any other address is left as it is.
   */
  rewrite(raw: IncomingMessage): string {
    const url = raw.url ?? "/";
    if (this.providers.length === 0) return url;
    const match = /^\/([A-Za-z0-9-]{1,50})(\/[^?]*)?(\?.*)?$/.exec(url);
    if (!match || this.reserved.has(match[1]!.toLowerCase())) return url;
    for (const provider of this.active()) {
      const section = provider.bySlug(match[1]!.toLowerCase());
      if (section) {
        sectionOfRequest.set(raw, section);
        return `${match[2] ?? "/"}${match[3] ?? ""}`;
      }
    }
    return url;
  }
}

const registries = new WeakMap<object, SiteSectionRegistry>();

/** The site sections of an app (an add-on adds its provider with `registrar.extend`). */
export function siteSections(context: { addons: { isActive(owner: string): boolean } }): SiteSectionRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new SiteSectionRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}

/** The section a request was addressed to (`/fr/…`), or null for the site itself. */
export function requestSiteSection(request: Pick<FastifyRequest, "raw">): RequestSiteSection | null {
  return sectionOfRequest.get(request.raw) ?? null;
}

/** The path prefix of the request's section (`/fr`), "" for the site itself. */
export function sectionBasePath(request: Pick<FastifyRequest, "raw">): string {
  return sectionBase(requestSiteSection(request));
}

/** The path prefix of a section (`/fr`), "" for none. */
export function sectionBase(section: Pick<RequestSiteSection, "slug"> | null | undefined): string {
  return section ? `/${section.slug}` : "";
}

/** The root category of a section named by id (`siteSectionID` of the API), or null (0, unknown, no root). */
export function sectionRootCategory(
  context: { addons: { isActive(owner: string): boolean } },
  siteSectionID: string | undefined,
): number | null {
  if (!siteSectionID || !/^\d{1,9}$/.test(siteSectionID) || siteSectionID === "0") return null;
  return siteSections(context).byID(Number(siteSectionID))?.rootCategoryID ?? null;
}

/**
 * First path segments of the pages that belong to a section: its home, lists, discussions, categories, new posts
 * and the sign-in pages (their return address and language stay the section's), plus the pages add-ons add with
 * `keepPagesInSections` (a search page). Everything else is the site's own and keeps its address in a section:
 * profiles, messages, notifications, the dashboard, the API, uploaded and static files, and other sections.
 */
const SECTION_PAGE_SEGMENTS = new Set(["", "discussions", "discussion", "categories", "post", "entry"]);

/**
 * An add-on's pages that read a section's content (a search page): in a section's folder their links stay in it.
 * Addresses are the same for every app, so the list is too.
 */
export function keepPagesInSections(...segments: string[]): void {
  for (const segment of segments) SECTION_PAGE_SEGMENTS.add(segment.toLowerCase());
}

/** Keys of page-tree props and title-bar parts whose values are links (`url`, `listUrl`, `href`…). */
const LINK_KEY = /(url|href)$/i;

/** How deep a page tree's links are rewritten (layouts nest sections, widgets, records, breadcrumbs). */
const MAX_LINK_DEPTH = 16;

/**
 * A site-relative link as it reads inside the section at `basePath` (`/fr`): `/categories/x` becomes
 * `/fr/categories/x`, a sign-in link's site-relative `Target` too; links of the site's own pages (profiles,
 * files, the API, another section), links already inside the section and absolute or empty links are kept.
 * With no section (`""`) every link is kept.
 */
export function sectionLink(basePath: string, url: string): string {
  if (!basePath || !url.startsWith("/") || url.startsWith("//")) return url;
  const pathEnd = url.search(/[?#]/);
  const path = pathEnd < 0 ? url : url.slice(0, pathEnd);
  if (path === basePath || path.startsWith(`${basePath}/`)) return url;
  const segment = path.split("/")[1] ?? "";
  if (!SECTION_PAGE_SEGMENTS.has(segment.toLowerCase())) return url;
  if (segment === "entry") {
    const [withoutHash = url, hash] = url.split("#", 2);
    const [entryPath = "", search = ""] = withoutHash.split("?", 2);
    const params = new URLSearchParams(search);
    const target = params.get("Target");
    if (target !== null) params.set("Target", sectionLink(basePath, target));
    const query = params.toString();
    return `${basePath}${entryPath}${query ? `?${query}` : ""}${hash !== undefined ? `#${hash}` : ""}`;
  }
  return `${basePath}${url}`;
}

/**
 * A copy of `value` (page-tree nodes, a layout, title-bar parts, a page's props) in which every link under a link
 * key reads inside the section (`sectionLink`); given the site's `origin`, its absolute links too. The objects
 * given are never changed: presenters hand out cached records.
 */
export function withSectionLinks<T>(value: T, basePath: string, origin = ""): T {
  if (!basePath) return value;
  return rewriteLinks(value, (url) => {
    if (origin && url.startsWith(`${origin}/`))
      return origin + sectionLink(basePath, url.slice(origin.length));
    return sectionLink(basePath, url);
  }) as T;
}

function rewriteLinks(value: unknown, rewrite: (url: string) => string, depth = 0): unknown {
  if (depth > MAX_LINK_DEPTH || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => rewriteLinks(item, rewrite, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>))
    copy[key] =
      typeof field === "string"
        ? LINK_KEY.test(key)
          ? rewrite(field)
          : field
        : rewriteLinks(field, rewrite, depth + 1);
  return copy;
}
