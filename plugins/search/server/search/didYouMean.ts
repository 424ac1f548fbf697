import type { SearchIndex, SearchIndexQuery } from "../index/searchIndex";
import { CJK_PATTERN, parseSearchQuery } from "../index/searchQueryText";

/** Words shorter than this are not corrected (too many neighbours). */
const MIN_WORD_LENGTH = 4;
/** Documents read for candidate words, per misspelt word. */
const CANDIDATE_DOCUMENTS = 100;

/** Optimal string alignment distance (Levenshtein with adjacent swaps), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Three-letter pieces of a word: what the index can look up for words that share some of its letters. */
function trigramsOf(word: string): string[] {
  const letters = [...word];
  const pieces = new Set<string>();
  for (let index = 0; index + 3 <= letters.length; index++)
    pieces.add(letters.slice(index, index + 3).join(""));
  return [...pieces];
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD_LENGTH - 1);
}

/** The nearest word the viewer can find that shares letters with `word` (1 edit up to 5 letters, else 2). */
async function nearestWord(
  index: SearchIndex,
  query: SearchIndexQuery,
  word: string,
): Promise<string | null> {
  const limit = word.length <= 5 ? 1 : 2;
  const found = await index.search({
    ...query,
    text: { terms: trigramsOf(word), excluded: [], operator: "or", prefixes: "every" },
    sort: "relevance",
    offset: 0,
    limit: CANDIDATE_DOCUMENTS,
    withoutTotal: true,
  });
  const counts = new Map<string, number>();
  for (const hit of found.hits)
    for (const candidate of wordsOf(`${hit.name} ${hit.body}`))
      if (candidate !== word) counts.set(candidate, (counts.get(candidate) ?? 0) + 1);
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [candidate, count] of counts) {
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && count > best.count))
      best = { word: candidate, distance, count };
  }
  return best?.word ?? null;
}

/**
 * 'Did you mean': for a query that found nothing, the same query with each unknown word replaced by the
 * nearest word in what the viewer may see (same scopes and filters, so nothing private leaks into the
 * suggestion), offered only when that query finds something. Null when there is nothing better to offer.
 */
export async function suggestQuery(
  index: SearchIndex,
  query: SearchIndexQuery,
  typed: string,
): Promise<string | null> {
  let suggestion = typed;
  let changed = false;
  const words = query.text.terms.filter(
    (term) => !term.includes(" ") && term.length >= MIN_WORD_LENGTH && !CJK_PATTERN.test(term),
  );
  for (const word of words) {
    const known = await index.search({
      ...query,
      text: { terms: [word], excluded: [], operator: "and" },
      offset: 0,
      limit: 1,
      withoutTotal: true,
    });
    if (known.hits.length > 0) continue;
    const nearest = await nearestWord(index, query, word);
    if (!nearest) continue;
    const pattern = new RegExp(
      `(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[^\\p{L}\\p{N}])`,
      "giu",
    );
    suggestion = suggestion.replace(pattern, (_, before: string) => `${before}${nearest}`);
    changed = true;
  }
  if (!changed) return null;
  const check = await index.search({
    ...query,
    text: parseSearchQuery(suggestion, query.text.operator),
    offset: 0,
    limit: 1,
    withoutTotal: true,
  });
  return check.hits.length > 0 ? suggestion : null;
}
