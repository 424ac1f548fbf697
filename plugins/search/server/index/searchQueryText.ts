import { hasWordCharacter, searchTokensOf } from "../../api/searchQuerySyntax";

/** A search box's text, read as terms: quoted phrases, `-term` exclusions, and how the rest combine. */
export interface ParsedSearchQuery {
  /** Words and phrases (lower-case): every one must match (`and`), or any one (`or`). */
  terms: string[];
  /** Words and phrases no result may contain. */
  excluded: string[];
  operator: "and" | "or";
  /**
   * Which terms may match as the start of a longer word: the last one (the default: it may still be being
   * typed, and every whole word before it is looked up exactly, which keeps frequent short words cheap), or
   * every one ('did you mean' looks up pieces of words).
   */
  prefixes?: "last" | "every";
}

/** Whether the term at `index` of `terms` may match as the start of a longer word. */
export function isPrefixTerm(text: ParsedSearchQuery, index: number): boolean {
  return text.prefixes === "every" || index === text.terms.length - 1;
}

export const MAX_QUERY_TERMS = 20;
const MAX_TERM_LENGTH = 100;

function normalizeTerm(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase().slice(0, MAX_TERM_LENGTH);
}

/**
 * `apple "green pie" -banana` → terms apple, green pie; excluded banana. A term without a letter or digit
 * (`-`, `--`, `!!`, `""`) is dropped: the index has no word of it, so it would narrow nothing.
 */
export function parseSearchQuery(text: string, operator: "and" | "or" = "and"): ParsedSearchQuery {
  const terms: string[] = [];
  const excluded: string[] = [];
  for (const token of searchTokensOf(text)) {
    const value = normalizeTerm(token.value);
    if (!hasWordCharacter(value)) continue;
    const list = token.negated ? excluded : terms;
    if (!list.includes(value) && terms.length + excluded.length < MAX_QUERY_TERMS) list.push(value);
  }
  return { terms, excluded, operator };
}

/** True when the query has something to look for (exclusions alone find nothing). */
export function hasSearchTerms(query: ParsedSearchQuery): boolean {
  return query.terms.length > 0;
}

/** Han, Hiragana, Katakana and Hangul: scripts written without spaces between words. */
export const CJK_PATTERN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
