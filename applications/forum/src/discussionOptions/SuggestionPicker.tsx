import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { t } from "@library/src/i18n/translate";

export interface Suggestion {
  id: number;
  label: string;
  /** A second line (a category's trail). */
  detail?: string;
}

export interface SuggestionPickerProps {
  label: string;
  /** Looks up suggestions for a non-empty query (aborted when the query changes). */
  lookup: (query: string, signal: AbortSignal) => Promise<Suggestion[]>;
  /** Wait after the last keystroke (SPEC 9: categories 100 ms, members 50 ms). */
  debounceMs: number;
  selected: Suggestion | null;
  onSelect: (suggestion: Suggestion | null) => void;
}

/**
 * A combobox: type, then pick a suggestion with the mouse or with the arrow keys and Enter; Escape closes the
 * list. An empty query gives no results (SPEC 5).
 */
export function SuggestionPicker({ label, lookup, debounceMs, selected, onSelect }: SuggestionPickerProps) {
  const id = useId();
  const [query, setQuery] = useState(selected?.label ?? "");
  const [results, setResults] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed === "" || (selected && selected.label === query)) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setLoading(true);
      lookup(trimmed, controller.signal)
        .then((found) => {
          setResults(found);
          setActive(0);
          setOpen(true);
        })
        .catch(() => {
          if (!controller.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, debounceMs);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query, lookup, debounceMs, selected]);

  const choose = (suggestion: Suggestion) => {
    onSelect(suggestion);
    setQuery(suggestion.label);
    setOpen(false);
  };
  const showList = open && results.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === "ArrowUp" && results.length > 0) {
      event.preventDefault();
      setActive((index) => (index - 1 + results.length) % results.length);
    } else if (event.key === "Enter" && showList) {
      event.preventDefault();
      const suggestion = results[active];
      if (suggestion) choose(suggestion);
    } else if (event.key === "Escape" && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };
  const activeID = showList ? `${id}-option-${active}` : undefined;
  return (
    <div className="suggestionPicker">
      <label className="suggestionPicker-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="input suggestionPicker-input"
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        {...(activeID ? { "aria-activedescendant": activeID } : {})}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (selected) onSelect(null);
        }}
        onKeyDown={onKeyDown}
      />
      {loading && <span className="suggestionPicker-status">{t("Loading")}</span>}
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={label}
        className="suggestionPicker-list"
        hidden={!showList}
      >
        {results.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? "suggestionPicker-option isActive" : "suggestionPicker-option"}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            <span>{suggestion.label}</span>
            {suggestion.detail && <span className="suggestionPicker-detail">{suggestion.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
