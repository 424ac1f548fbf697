import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Editor } from "slate";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import {
  LoadStatus,
  dataOf,
  loading,
  pending,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { getMentionQuery, type MentionQuery } from "@library/src/editor/mentions/mentionQuery";
import {
  MENTION_DEBOUNCE_MS,
  fetchMentionSuggestions,
  type MentionSuggestion,
} from "@library/src/editor/mentions/mentionsApi";
import { insertMention } from "@library/src/editor/transforms/inserts";

export interface MentionSuggestions {
  open: boolean;
  items: MentionSuggestion[];
  /** The last lookup: a 500+ failure is logged and kept here as an error (SPEC 8). */
  lookup: Loadable<MentionSuggestion[], ApiError>;
  query: MentionQuery | null;
  activeIndex: number;
  listID: string;
  optionID: (index: number) => string;
  /** Call after every editor change. */
  update: () => void;
  /** Returns true when the key was used by the open list. */
  onKeyDown: (event: { key: string; preventDefault(): void }) => boolean;
  pick: (index: number) => void;
  setActiveIndex: (index: number) => void;
}

/** "@name" autocomplete: a debounced member lookup and the state of its listbox. */
export function useMentionSuggestions(editor: Editor): MentionSuggestions {
  const listID = useId();
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [lookup, setLookup] = useState<Loadable<MentionSuggestion[], ApiError>>(pending);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastPrefix = useRef<string | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const items = lookup.status === LoadStatus.ERROR ? [] : (dataOf(lookup) ?? []);
  const open = query !== null && query.key !== dismissedKey && items.length > 0;

  const close = useCallback(() => {
    cancel();
    lastPrefix.current = null;
    setQuery(null);
    setLookup(pending());
  }, [cancel]);

  const update = useCallback(() => {
    const next = getMentionQuery(editor);
    if (next === null) {
      if (lastPrefix.current !== null) close();
      return;
    }
    setQuery(next);
    if (next.prefix === lastPrefix.current) return;
    lastPrefix.current = next.prefix;
    cancel();
    setLookup((previous) => loading(previous));
    timer.current = setTimeout(() => {
      timer.current = null;
      const abort = new AbortController();
      controller.current = abort;
      fetchMentionSuggestions(next.prefix, abort.signal).then(
        (users) => {
          if (abort.signal.aborted) return;
          setActiveIndex(0);
          setLookup(success(users));
        },
        (thrown: unknown) => {
          if (abort.signal.aborted) return;
          const error = toApiError(thrown);
          if (error.status >= 500) console.error("Mention lookup failed", error);
          setLookup(toError(error));
        },
      );
    }, MENTION_DEBOUNCE_MS);
  }, [cancel, close, editor]);

  const pick = useCallback(
    (index: number) => {
      const user = items[index];
      if (!user || !query) return;
      insertMention(editor, user.name, user.userID, query.range);
      close();
    },
    [close, editor, items, query],
  );

  const onKeyDown = useCallback(
    (event: { key: string; preventDefault(): void }): boolean => {
      if (!open || !query) return false;
      switch (event.key) {
        case "ArrowDown":
          setActiveIndex((index) => (index + 1) % items.length);
          break;
        case "ArrowUp":
          setActiveIndex((index) => (index - 1 + items.length) % items.length);
          break;
        case "Enter":
        case "Tab":
          pick(activeIndex);
          break;
        case "Escape":
          setDismissedKey(query.key);
          break;
        default:
          return false;
      }
      event.preventDefault();
      return true;
    },
    [activeIndex, items.length, open, pick, query],
  );

  return {
    open,
    items,
    lookup,
    query,
    activeIndex,
    listID,
    optionID: (index) => `${listID}-option-${index}`,
    update,
    onKeyDown,
    pick,
    setActiveIndex,
  };
}
