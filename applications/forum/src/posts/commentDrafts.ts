import type { Rich2Document } from "@forum/api/rich2";
import { isEmptyDocument, parseRich2 } from "@library/src/editor/serialize";

/** Unposted comment text kept in this browser (localStorage), so a reload does not lose it. */
const PREFIX = "forum.commentDraft.";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadDraft(key: string): Rich2Document | undefined {
  const text = storage()?.getItem(PREFIX + key);
  if (!text) return undefined;
  const doc = parseRich2(text);
  return doc && doc.length > 0 ? doc : undefined;
}

export function saveDraft(key: string, doc: Rich2Document): void {
  try {
    if (isEmptyDocument(doc)) storage()?.removeItem(PREFIX + key);
    else storage()?.setItem(PREFIX + key, JSON.stringify(doc));
  } catch {
    // Storage full or disabled: the draft simply is not kept.
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(PREFIX + key);
}
