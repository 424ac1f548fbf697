/**
 * SPEC 2 "Link handling": internal links to routes the single-page app knows navigate in-app; other internal
 * links load the page; external links open in a new tab through the `/home/leaving` interstitial.
 */
export type LinkKind = "in-app" | "full-load" | "external" | "ignore";

export interface LinkContext {
  /** Origin of this site, e.g. `https://forum.example.com`. */
  origin: string;
  /** Site base path without a trailing slash ("" at the root). */
  basePath: string;
  /** True when the single-page app has a route for this site-relative path. */
  isAppRoute(path: string): boolean;
}

const PASSIVE_SCHEMES = /^(mailto|tel):/i;

/** SPEC 2: the folders of the site's sections (an add-on names them); their pages always load in full. */
const siteSectionSlugs = new Set<string>();

export function addSiteSectionSlugs(slugs: Iterable<string>): void {
  for (const slug of slugs) siteSectionSlugs.add(slug.toLowerCase());
}

function isSiteSectionPath(path: string): boolean {
  const first = /^\/([^/?#]+)/.exec(path)?.[1];
  return first !== undefined && siteSectionSlugs.has(first.toLowerCase());
}

/** The site-relative path (with query and hash) of a same-site URL, or null for another site. */
export function sitePath(href: string, context: LinkContext): string | null {
  let url: URL;
  try {
    url = new URL(href, `${context.origin}${context.basePath}/`);
  } catch {
    return null;
  }
  if (url.origin !== context.origin) return null;
  const path =
    url.pathname.startsWith(`${context.basePath}/`) || url.pathname === context.basePath
      ? url.pathname.slice(context.basePath.length) || "/"
      : url.pathname;
  return `${path}${url.search}${url.hash}`;
}

export function classifyLink(href: string, context: LinkContext): LinkKind {
  const trimmed = href.trim();
  if (trimmed === "" || trimmed.startsWith("#") || PASSIVE_SCHEMES.test(trimmed)) return "ignore";
  if (/^javascript:/i.test(trimmed)) return "ignore";
  const path = sitePath(trimmed, context);
  if (path === null) return /^https?:\/\//i.test(trimmed) || trimmed.startsWith("//") ? "external" : "ignore";
  if (path.startsWith("/kb/") || path.startsWith("/api/") || isSiteSectionPath(path)) return "full-load";
  const pathname = path.split(/[?#]/)[0] ?? "/";
  return context.isAppRoute(pathname) ? "in-app" : "full-load";
}

/** The interstitial for an external link. */
export function leavingUrl(href: string, basePath: string): string {
  return `${basePath}/home/leaving?Target=${encodeURIComponent(href)}`;
}

interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  preventDefault(): void;
}

export interface LinkHandlers {
  navigate(path: string): void;
  openExternal(url: string): void;
}

/** Decides what one click on a link does; returns what it did (for tests and callers). */
export function handleLinkClick(event: ClickLike, context: LinkContext, handlers: LinkHandlers): LinkKind {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return "ignore";
  }
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    anchor.hasAttribute("download") ||
    anchor.dataset.linkHandling === "off"
  ) {
    return "ignore";
  }
  if (anchor.target && anchor.target !== "_self") return "ignore";
  const href = anchor.getAttribute("href") ?? "";
  const kind = classifyLink(href, context);
  if (kind === "in-app") {
    event.preventDefault();
    handlers.navigate(sitePath(href, context) ?? "/");
  } else if (kind === "external") {
    event.preventDefault();
    handlers.openExternal(anchor.href);
  }
  return kind;
}

/** Installs the document-wide handler; returns a function that removes it. */
export function installLinkHandling(context: LinkContext, handlers: Partial<LinkHandlers> = {}): () => void {
  const resolved: LinkHandlers = {
    navigate: handlers.navigate ?? ((path) => window.location.assign(`${context.basePath}${path}`)),
    openExternal:
      handlers.openExternal ??
      ((url) => window.open(leavingUrl(url, context.basePath), "_blank", "noopener,noreferrer")),
  };
  const listener = (event: MouseEvent) => {
    handleLinkClick(event, context, resolved);
  };
  document.addEventListener("click", listener);
  return () => document.removeEventListener("click", listener);
}
