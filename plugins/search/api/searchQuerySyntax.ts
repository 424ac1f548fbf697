/**
 * How a search box's text splits into terms, shared by the server's parser and the autocomplete: `"quoted
 * phrases"`, `-exclusions` and words. Plain code, safe to import in browser code.
 */
export const SEARCH_TOKEN_PATTERN = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;

/** The characters the word index keeps inside a word: letters, digits, combining marks and private use. */
export const WORD_CHARACTER_CLASS = "\\p{L}\\p{N}\\p{M}\\p{Co}";

const WORD_CHARACTER = new RegExp(`[${WORD_CHARACTER_CLASS}]`, "u");

/** Whether a term holds anything the index can look up (`-`, `!!` or `""` do not). */
export function hasWordCharacter(term: string): boolean {
  return WORD_CHARACTER.test(term);
}

/** One token of a search box's text: its text (quotes removed) and whether it is an exclusion. */
export interface SearchToken {
  value: string;
  negated: boolean;
}

export function searchTokensOf(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  for (const match of text.matchAll(SEARCH_TOKEN_PATTERN)) {
    const [, phraseMinus = "", phrase, wordMinus = "", word] = match;
    const isPhrase = phrase !== undefined;
    tokens.push({
      value: isPhrase ? phrase : (word ?? ""),
      negated: (isPhrase ? phraseMinus : wordMinus) === "-",
    });
  }
  return tokens;
}

/**
 * Whether the text has a word to look for: exclusions alone (`-foo`), punctuation (`-`, `--`) and empty
 * phrases find nothing, so the autocomplete does not ask and the search answers an empty list.
 */
export function hasPositiveSearchTerm(text: string): boolean {
  return searchTokensOf(text).some((token) => !token.negated && hasWordCharacter(token.value));
}
