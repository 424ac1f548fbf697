import { escapeHtml } from "@library/server/pages/html";

/** Text whose every character is ASCII: lower-casing keeps its length, so folded indexes are its own. */
const ASCII_ONLY = /^\p{ASCII}*$/u;

/**
 * Case and accents folded, with the index in the original of each folded character (null when they are the
 * same: ASCII text, the common case, costs one lower-casing).
 */
function fold(text: string): { folded: string; origin: number[] | null } {
  if (ASCII_ONLY.test(text)) return { folded: text.toLowerCase(), origin: null };
  let folded = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const plain =
      char.charCodeAt(0) < 0x80
        ? char.toLowerCase()
        : char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (const part of plain) {
      folded += part;
      origin.push(index);
    }
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

function foldTerm(term: string): string {
  return term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Every [start, end) of a term in the text (original indexes), sorted, overlaps merged. Marks prefer the
 * starts of words ("the" marks "the", not "bathe"), as the index matches words by their start, and fall back to
 * any occurrence when a term only occurs inside words.
 */
export function findMatches(text: string, terms: readonly string[]): [number, number][] {
  const { folded, origin } = fold(text);
  const ranges: [number, number][] = [];
  for (const term of terms.map(foldTerm).filter((value) => value.length > 0)) {
    const found: { at: number; wordStart: boolean }[] = [];
    let at = folded.indexOf(term);
    while (at !== -1) {
      found.push({ at, wordStart: at === 0 || !WORD_CHARACTER.test(folded[at - 1] ?? "") });
      at = folded.indexOf(term, at + term.length);
    }
    const chosen = found.some((item) => item.wordStart) ? found.filter((item) => item.wordStart) : found;
    for (const item of chosen)
      ranges.push(
        origin
          ? [origin[item.at] ?? 0, origin[item.at + term.length] ?? text.length]
          : [item.at, item.at + term.length],
      );
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** HTML of `text` from `start` to `end` with the matches (sorted, merged) in `<mark>`; the rest escaped. */
function markedHtml(
  text: string,
  matches: readonly [number, number][],
  start = 0,
  end = text.length,
): string {
  let output = "";
  let position = start;
  for (const [from, to] of matches) {
    if (to <= start || from >= end) continue;
    const markStart = Math.max(from, start);
    const markEnd = Math.min(to, end);
    output += `${escapeHtml(text.slice(position, markStart))}<mark>${escapeHtml(text.slice(markStart, markEnd))}</mark>`;
    position = markEnd;
  }
  return output + escapeHtml(text.slice(position, end));
}

/** HTML of the text with each match in `<mark>`; everything else escaped. */
export function highlightHtml(text: string, terms: readonly string[]): string {
  return markedHtml(text, findMatches(text, terms));
}

export const EXCERPT_LENGTH = 220;
const LEAD = 60;

/**
 * A window of the text around its first match (the start when nothing matches), cut at spaces where it can,
 * with an ellipsis where text was left out; and the same window as HTML with the matches marked (the text is
 * searched once, for both).
 */
export function markedExcerpt(
  text: string,
  terms: readonly string[],
  length = EXCERPT_LENGTH,
): { excerpt: string; highlight: string } {
  const clean = text.replace(/\s+/g, " ").trim();
  const matches = findMatches(clean, terms);
  if (clean.length <= length) return { excerpt: clean, highlight: markedHtml(clean, matches) };
  const first = matches[0]?.[0] ?? 0;
  // The text before the match takes at most a quarter of a short window.
  const lead = Math.min(LEAD, Math.floor(length / 4));
  let start = Math.max(0, Math.min(first - lead, clean.length - length));
  if (start > 0) {
    const space = clean.indexOf(" ", start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(clean.length, start + length);
  if (end < clean.length) {
    const space = clean.lastIndexOf(" ", end);
    if (space > start + length / 2) end = space;
  }
  const before = start > 0 ? "…" : "";
  const after = end < clean.length ? "…" : "";
  return {
    excerpt: `${before}${clean.slice(start, end)}${after}`,
    highlight: `${before}${markedHtml(clean, matches, start, end)}${after}`,
  };
}
