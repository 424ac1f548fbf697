/** URL rules for links and images (SPEC 5): only these schemes, and a scheme-less address gets http://. */
const LINK_SCHEMES = ["http:", "https:", "mailto:", "tel:"];
const IMAGE_SCHEMES = ["http:", "https:"];
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const LONE_URL = /^(https?:\/\/|mailto:|tel:|www\.)\S+$/i;

function withScheme(input: string, allowed: readonly string[]): string | null {
  const trimmed = input.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return null;
  const match = SCHEME.exec(trimmed);
  // "localhost:3000" and "example.com:8080/x" have no scheme, only a port.
  const hasScheme = match !== null && !/^[^:]+:\d/.test(trimmed);
  const candidate = hasScheme ? trimmed : `http://${trimmed.replace(/^\/\//, "")}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (!allowed.includes(parsed.protocol.toLowerCase())) return null;
  if ((parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname === "") return null;
  return candidate;
}

/** The link address to store, or null when the input is not an allowed link. */
export function normalizeLinkUrl(input: string): string | null {
  return withScheme(input, LINK_SCHEMES);
}

/** The image address to store (http or https only), or null. */
export function normalizeImageUrl(input: string): string | null {
  return withScheme(input, IMAGE_SCHEMES);
}

/** Whether a stored link is safe to keep: an allowed scheme, a relative path or an anchor. */
export function isSafeStoredUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === "") return false;
  if (trimmed.startsWith("/") || trimmed.startsWith("#") || trimmed.startsWith("?")) {
    return !trimmed.startsWith("//") || normalizeLinkUrl(`http:${trimmed}`) !== null;
  }
  const match = SCHEME.exec(trimmed);
  if (!match) return !trimmed.includes(":");
  return LINK_SCHEMES.includes(`${match[1]?.toLowerCase() ?? ""}:`);
}

/** Pasted text that is nothing but one address. */
export function pastedUrl(text: string): string | null {
  const trimmed = text.trim();
  return LONE_URL.test(trimmed) ? normalizeLinkUrl(trimmed) : null;
}
