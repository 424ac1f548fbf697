/**
 * The one place where SPEC 5's link rules live. Links may use http, https, mailto or tel, or be relative
 * (paths, queries, anchors); anything containing `javascript:` becomes "/"; every other scheme is unsafe.
 */

const SAFE_LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
const SAFE_IMAGE_SCHEMES = new Set(["http", "https"]);

/** Characters a browser ignores or strips inside a URL (controls, spaces, zero-width and BOM). */
const IGNORED_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be matched here
  /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const NAMED_ENTITIES: Record<string, string> = {
  colon: ":",
  tab: "\t",
  newline: "\n",
  lpar: "(",
  rpar: ")",
  sol: "/",
  amp: "&",
};

function decodeCharacterReferences(value: string): string {
  return value.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi,
    (match, hex?: string, dec?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? match;
      const code = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? "", 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    },
  );
}

function decodePercent(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * What a browser would see as the start of the URL: entity and percent references decoded (repeatedly, so
 * double encoding does not hide anything), ignored characters removed, lower case.
 */
function canonical(url: string): string {
  let value = url;
  for (let round = 0; round < 3; round++) {
    const decoded = decodePercent(decodeCharacterReferences(value));
    if (decoded === value) break;
    value = decoded;
  }
  return value.replace(IGNORED_CHARACTERS, "").toLowerCase();
}

function schemeOf(canonicalUrl: string): string | null {
  return SCHEME.exec(canonicalUrl)?.[1] ?? null;
}

function check(url: string, allowed: Set<string>): string | null {
  const value = canonical(url);
  if (value.includes("javascript:")) return "/";
  const scheme = schemeOf(value);
  if (scheme !== null && !allowed.has(scheme)) return null;
  return url.trim();
}

/**
 * A link target that is safe to put in `href`: the (trimmed) URL itself when it is http, https, mailto,
 * tel or relative; "/" when it contains `javascript:` in any disguise; `null` for every other scheme
 * (data:, vbscript:, file: …), in which case the caller drops the link and keeps its text.
 */
export function safeUrl(url: string): string | null {
  return check(url, SAFE_LINK_SCHEMES);
}

/** An image source: http, https or relative only; `null` otherwise (including `javascript:`). */
export function safeImageUrl(url: string): string | null {
  const safe = check(url, SAFE_IMAGE_SCHEMES);
  return safe === "/" || safe === "" ? null : safe;
}

/** True for links that leave the site (have a scheme or start with `//`): they get `rel="nofollow ugc noopener"`. */
export function isExternalUrl(url: string): boolean {
  const value = canonical(url);
  return schemeOf(value) !== null || value.startsWith("//") || value.startsWith("/\\");
}

/**
 * A URL typed by a member (link insertion, profile fields): valid only with http or https; without a
 * scheme, http:// is prepended (SPEC 5). Returns the normalised URL, or `null` when it is not a valid
 * http(s) URL.
 */
export function normalizeLinkInput(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === "" || canonical(trimmed).includes("javascript:")) return null;
  const hasScheme =
    /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^(mailto|tel|data|vbscript|file):/i.test(trimmed);
  const candidate = hasScheme ? trimmed : `http://${trimmed.replace(/^\/\//, "")}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (!/^[^\s/?#]+$/.test(parsed.hostname) || /\s/.test(candidate)) return null;
  return candidate;
}
