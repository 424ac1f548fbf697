import { WORD_CHARACTER_CLASS } from "../../api/searchQuerySyntax";
import { CJK_PATTERN } from "./searchQueryText";

/** What the word index keeps inside a word: letters, digits, combining marks and private-use characters. */
const BETWEEN_WORDS = new RegExp(`[^${WORD_CHARACTER_CLASS}]+`, "u");

const CJK_CHARACTERS = new RegExp(`(${CJK_PATTERN.source})`, "gu");

/**
 * Text as the word index is given it: each Chinese, Japanese or Korean character stands alone, so a run of
 * them written without spaces is found by any of its parts (as a phrase of characters in a row).
 */
export function indexableText(text: string): string {
  return text.replace(CJK_CHARACTERS, " $1 ");
}

/** A search term's words, as the index's tokenizer splits them (CJK characters one by one, lower-case). */
export function wordsOfTerm(term: string): string[] {
  return indexableText(term.toLowerCase())
    .split(BETWEEN_WORDS)
    .filter((word) => word.length > 0);
}

/** Whether a word may be matched as a prefix: a single letter or CJK character is matched whole. */
export function isPrefixWord(word: string): boolean {
  return [...word].length > 1 && !CJK_PATTERN.test(word);
}
