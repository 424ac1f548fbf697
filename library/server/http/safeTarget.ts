/** Longer targets are not addresses the site wrote: the visitor goes to the fallback instead. */
const MAX_TARGET_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** A stand-in origin: a target is read against it, and must stay on it. */
const SITE = "http://site.invalid";

/**
 * Where the site may send a browser back to after signing in or out or registering (`Target`): a path on this site,
 * as the browser would read it. Control characters (browsers drop tabs and newlines, so `/\t/evil` is `//evil`),
 * backslashes (read as `/`), anything leading to another origin (`//evil`, `https://evil`, `javascript:`, `/.//evil`)
 * and a path that starts with an escaped slash or backslash give the fallback. The result is the path in its
 * normal form (escaped where HTTP needs it), so it is always a valid `Location` header.
 */
export function safeTarget(target: unknown, fallback = "/"): string {
  if (
    typeof target !== "string" ||
    target.length > MAX_TARGET_LENGTH ||
    !target.startsWith("/") ||
    target.includes("\\") ||
    CONTROL_CHARACTER.test(target)
  )
    return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const start = path.slice(0, 7).replace(/%2f/gi, "/").replace(/%5c/gi, "/");
  return start.startsWith("//") ? fallback : path;
}

/**
 * The onward address of the leaving interstitial (`/home/leaving?Target=…`): an absolute http(s) address without
 * control characters or a user name in front of the host (`https://site.example@evil.example`), else null.
 */
export function safeExternalTarget(target: unknown): string | null {
  if (typeof target !== "string" || target.length > MAX_TARGET_LENGTH || CONTROL_CHARACTER.test(target))
    return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.username || url.password ? null : url.href;
}
