/**
 * What a post's rendered HTML says about spam, read without any outside service. Code (blocks and inline) is
 * left out of every measure: addresses in a `curl` line or an upper-case SQL query are not spam.
 */
export interface SpamContent {
  /** Links to other sites: anchors with an absolute address, and bare addresses left as text. */
  links: number;
  /** Links a reader cannot see (no text) or whose text names another site than the one they open. */
  hiddenLinks: number;
  /** Most of a long enough text written in capitals. */
  shouting: boolean;
  /** The same line again and again, or a long text of very few different words. */
  repeated: boolean;
  /** Distinct spam phrases found (pharmacy, casino, crypto doubling, loans, replicas…). */
  spamPhrases: string[];
}

const CODE = /<pre[\s>][\s\S]*?<\/pre>|<code[\s>][\s\S]*?<\/code>/gi;
const ANCHOR = /<a\s([^>]*)>([\s\S]*?)<\/a>/gi;
const BARE_URL = /\bhttps?:\/\/[^\s<>"']+/gi;
const INVISIBLE = /[\s\u00AD\u200B-\u200F\u2060\uFEFF]/g;
/** Text that reads as an address: `https://a.example/x`, `www.a.example`, `a.example/path`. */
const ADDRESS_TEXT = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/?#:]\S*)?$/i;

/** Whole phrases only; each counts once however often it appears. Never single everyday words. */
const SPAM_PHRASES: readonly RegExp[] = [
  /\bviagra\b/i,
  /\bcialis\b/i,
  /\blevitra\b/i,
  /\bwithout (?:a )?prescription\b/i,
  /\bonline (?:casino|pharmacy|betting)\b/i,
  /\bfree spins\b/i,
  /\bno deposit\b/i,
  /\bpayday loans?\b/i,
  /\bbad credit\b/i,
  /\breplica (?:watches|handbags|bags)\b/i,
  /\bdouble your (?:bitcoin|btc|crypto|money)\b/i,
  /\bcrypto giveaway\b/i,
  /\bclaim (?:it now|now|your (?:reward|prize|bonus))\b/i,
  /\bguaranteed (?:profit|returns?|income)\b/i,
  /\bpassive income\b/i,
  /\bforex (?:trading )?signals\b/i,
  /\bone weird trick\b/i,
  /\b(?:diet|keto|weight loss) pills\b/i,
  /\b(?:high quality|buy|cheap) backlinks\b/i,
  /\bguest posts? for your website\b/i,
  /\bseo services\b/i,
  /\bworking from home\b|\bwork from home\b/i,
  /\bno experience needed\b/i,
  /\bhot singles\b/i,
  /\bsend (?:us |me )?your password\b/i,
  /\bverify your account\b/i,
];

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** Visible text of HTML: blocks and line breaks become new lines, tags go, entities are decoded. */
function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>|<\/(?:p|li|h[1-6]|blockquote|div)>/gi, "\n")
      .replace(/<[^>]*>/g, " ")
      .replace(/[ \t]+/g, " "),
  );
}

function hostOf(url: string): string | null {
  try {
    return new URL(url.startsWith("//") ? `https:${url}` : url).hostname.replace(/^www\./, "").toLowerCase();
  } catch {
    return null;
  }
}

function isExternalHref(href: string): boolean {
  return /^(?:https?:)?\/\//i.test(href);
}

interface Anchors {
  links: number;
  hidden: number;
}

function readAnchors(html: string): Anchors {
  let links = 0;
  let hidden = 0;
  for (const [, attributes = "", inner = ""] of html.matchAll(ANCHOR)) {
    // Mentions link to a member's profile on this site: never a link out.
    if (/\bclass="[^"]*\batMention\b/.test(attributes)) continue;
    const href = decodeEntities(/\bhref="([^"]*)"/.exec(attributes)?.[1] ?? "");
    if (!isExternalHref(href)) continue;
    links += 1;
    const visible = textOf(inner).replace(INVISIBLE, "");
    if (visible === "" && !/<img\s/i.test(inner)) {
      hidden += 1;
      continue;
    }
    const named = ADDRESS_TEXT.exec(visible)?.[1]
      ?.replace(/^www\./, "")
      .toLowerCase();
    const opened = hostOf(href);
    if (named && opened && named !== opened) hidden += 1;
  }
  return { links, hidden };
}

function isShouting(text: string): boolean {
  let cased = 0;
  let upper = 0;
  for (const character of text) {
    if (character.toLowerCase() === character.toUpperCase()) continue;
    cased += 1;
    if (character === character.toUpperCase()) upper += 1;
  }
  return cased >= 20 && upper / cased >= 0.7;
}

function isRepeated(text: string): boolean {
  const lines = text
    .split("\n")
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length >= 8);
  const seen = new Map<string, number>();
  for (const line of lines) {
    const count = (seen.get(line) ?? 0) + 1;
    if (count >= 3) return true;
    seen.set(line, count);
  }
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length >= 20 && new Set(words).size / words.length <= 0.3;
}

/** Reads a post's rendered (sanitised) HTML. */
export function readSpamContent(bodyHtml: string): SpamContent {
  const withoutCode = bodyHtml.replace(CODE, " ");
  const anchors = readAnchors(withoutCode);
  const outsideLinks = textOf(withoutCode.replace(ANCHOR, " "));
  const text = textOf(withoutCode);
  return {
    links: anchors.links + (outsideLinks.match(BARE_URL) ?? []).length,
    hiddenLinks: anchors.hidden,
    shouting: isShouting(text),
    repeated: isRepeated(text),
    spamPhrases: SPAM_PHRASES.flatMap((phrase) => {
      const found = phrase.exec(text);
      return found ? [found[0].toLowerCase()] : [];
    }),
  };
}
