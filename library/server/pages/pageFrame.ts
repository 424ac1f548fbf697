import { randomBytes } from "node:crypto";

/**
 * A page's document around what is its own: the head, title bar, theme parts and bootstrap script are the same
 * for every page a kind of reader sees (their roles, language, section, theme), while a few values are the page's
 * or the reader's own. The document is rendered once with a token in each of those places, cut at the tokens, and
 * kept; each page then writes its values into the holes. Every input of the kept text is part of what finds it
 * (pageRenderer.ts), so nothing is kept past a change: there is nothing to retire.
 */
export const FRAME_HOLES = [
  /** The document title, escaped for text. */
  "documentTitle",
  /** The description meta tag, or nothing. */
  "descriptionTag",
  /** The canonical link tag, or nothing. */
  "canonicalTag",
  /** The address asked for, inside the title bar widget's JSON props (single-quoted attribute). */
  "currentUrl",
  /** The title bar's account actions: the member's name, photo and menus, or Sign In and Register. */
  "account",
  /** The page's content. */
  "body",
  /** The bootstrap JSON (the reader's own Me and permissions). */
  "bootstrap",
  /** The first layout's script tag of a single-page route, or nothing. */
  "initialLayout",
] as const;

export type FrameHole = (typeof FRAME_HOLES)[number];

/** Letters and digits only: HTML, attribute and JSON escaping leave a token as it is. Unknown outside the process. */
const TOKEN_ID = randomBytes(8).toString("hex");

/** The text standing for `hole` while the document is rendered for the frame. */
export function holeToken(hole: FrameHole): string {
  return `zzframe${TOKEN_ID}${hole}zz`;
}

const TOKEN_PATTERN = new RegExp(`zzframe${TOKEN_ID}(${FRAME_HOLES.join("|")})zz`, "g");

export interface PageFrame {
  /** The text between the holes: one more piece than holes. */
  readonly texts: readonly string[];
  /** The same pieces as UTF-8. */
  readonly bytes: readonly Buffer[];
  /** The holes in document order (a hole the document has not, a chrome-less page's title bar, is not there). */
  readonly holes: readonly FrameHole[];
  /** Where the body hole is in `holes` (-1: none). */
  readonly bodyAt: number;
}

/** Cuts a document rendered with hole tokens into its frame. */
export function frameOf(document: string): PageFrame {
  const texts: string[] = [];
  const holes: FrameHole[] = [];
  let from = 0;
  for (const match of document.matchAll(TOKEN_PATTERN)) {
    texts.push(document.slice(from, match.index));
    holes.push(match[1] as FrameHole);
    from = match.index + match[0].length;
  }
  texts.push(document.slice(from));
  return { texts, bytes: texts.map((text) => Buffer.from(text)), holes, bodyAt: holes.indexOf("body") };
}

export type FrameValues = Readonly<Record<FrameHole, string>>;

/** The whole document as text. */
export function fillFrame(frame: PageFrame, values: FrameValues): string {
  let out = frame.texts[0] ?? "";
  for (let index = 0; index < frame.holes.length; index += 1) {
    out += values[frame.holes[index] as FrameHole];
    out += frame.texts[index + 1] ?? "";
  }
  return out;
}

/**
 * The document before and after its body as UTF-8 pieces, for a body sent as bytes: the frame's pieces are
 * encoded once, only the values of the holes are encoded per page.
 */
export function frameBytesAround(
  frame: PageFrame,
  values: Omit<FrameValues, "body">,
): { before: Buffer[]; after: Buffer[] } {
  if (frame.bodyAt < 0) throw new Error("This page frame has no body.");
  const before: Buffer[] = [];
  const after: Buffer[] = [];
  for (let index = 0; index <= frame.holes.length; index += 1) {
    const side = index <= frame.bodyAt ? before : after;
    if (index > 0 && index - 1 !== frame.bodyAt) {
      const value = values[frame.holes[index - 1] as Exclude<FrameHole, "body">];
      if (value) side.push(Buffer.from(value));
    }
    const piece = frame.bytes[index];
    if (piece && piece.length > 0) side.push(piece);
  }
  return { before, after };
}
