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

/** HTML of the text with each match in `<mark>`; everything else escaped. */
export function highlightHtml(text: string, terms: readonly string[]): string {
  let output = "";
  let position = 0;
  for (const [start, end] of findMatches(text, terms)) {
    output += `${escapeHtml(text.slice(position, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    position = end;
  }
  return output + escapeHtml(text.slice(position));
}

export const EXCERPT_LENGTH = 220;
const LEAD = 60;

/**
 * A window of the text around its first match (the start when nothing matches), cut at spaces where it can,
 * with an ellipsis where text was left out.
 */
export function excerptAround(text: string, terms: readonly string[], length = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= length) return clean;
  const first = findMatches(clean, terms)[0]?.[0] ?? 0;
  let start = Math.max(0, Math.min(first - LEAD, clean.length - length));
  if (start > 0) {
    const space = clean.indexOf(" ", start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(clean.length, start + length);
  if (end < clean.length) {
    const space = clean.lastIndexOf(" ", end);
    if (space > start + length / 2) end = space;
  }
  return `${start > 0 ? "…" : ""}${clean.slice(start, end)}${end < clean.length ? "…" : ""}`;
}
