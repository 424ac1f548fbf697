import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { TagFragment } from "@forum/api/tags";
import { formatText, t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import { lookupTags } from "./tagsApi";
import { MAX_TAGS, TAG_LOOKUP_DEBOUNCE_MS, sameTag, type TagToken } from "./tagTokens";
import "./tags.css";

export type { TagToken } from "./tagTokens";
export { MAX_TAGS, TAG_LOOKUP_DEBOUNCE_MS, tagFieldsOf } from "./tagTokens";

export interface TagInputProps {
  /** The chosen tags, in order. */
  value: readonly TagToken[];
  onChange: (tokens: TagToken[]) => void;
  /** The field's label (default 'Tags'). */
  label?: string;
  /** Typed names no tag has yet may be added as new tags (the member holds tags.add). */
  allowNew?: boolean;
  /** At most this many tags (default 5, API.md 7.5). */
  max?: number;
  /** Suggestions for a typed text (default `GET /tags?query=`); aborted when the text changes. */
  lookup?: (query: string, signal: AbortSignal) => Promise<TagFragment[]>;
  /** Wait after the last keystroke before looking up (default 100 ms, SPEC 9). */
  debounceMs?: number;
  disabled?: boolean;
  /** Focus the text box when it first shows (a dialog opened for it). */
  autoFocus?: boolean;
}

interface Option {
  token: TagToken;
  isNew: boolean;
}

/**
 * A token input for tags: type to get suggestions (100 ms after the last keystroke), pick one with the arrow
 * keys and Enter (or a click); Enter on text no tag has adds it as a new tag when allowed; Backspace in an
 * empty box removes the last tag; Escape closes the suggestions. Each tag has a remove button, and a live
 * region tells screen readers what was added or removed.
 */
export function TagInput({
  value,
  onChange,
  label,
  allowNew = false,
  max = MAX_TAGS,
  lookup = lookupTags,
  debounceMs = TAG_LOOKUP_DEBOUNCE_MS,
  disabled = false,
  autoFocus = false,
}: TagInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [found, setFound] = useState<TagFragment[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const full = value.length >= max;

  useEffect(() => {
    const query = text.trim();
    if (query === "" || full) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      lookup(query, controller.signal)
        .then((tags) => {
          if (controller.signal.aborted) return;
          setFound(tags);
          setActive(0);
          setOpen(true);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFound([]);
        });
    }, debounceMs);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [text, lookup, debounceMs, full]);

  const typed = text.trim().replace(/\s+/g, " ");
  const options: Option[] = found
    .filter((tag) => !value.some((token) => sameTag(token, tag)))
    .map((tag) => ({ token: { tagID: tag.tagID, name: tag.name }, isNew: false }));
  const typedIsKnown =
    found.some((tag) => sameTag({ name: tag.name }, { name: typed })) ||
    value.some((token) => sameTag(token, { name: typed }));
  if (allowNew && typed !== "" && !typedIsKnown && !full)
    options.push({ token: { name: typed }, isNew: true });
  const showList = open && options.length > 0 && text.trim() !== "";
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  const add = (token: TagToken) => {
    if (full || value.some((chosen) => sameTag(chosen, token))) return;
    onChange([...value, token]);
    setAnnouncement(formatText(t("{tag} added."), { tag: token.name }));
    setText("");
    setFound([]);
    setOpen(false);
  };
  const remove = (index: number) => {
    const token = value[index];
    if (!token) return;
    onChange(value.filter((_, position) => position !== index));
    setAnnouncement(formatText(t("{tag} removed."), { tag: token.name }));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive(showList ? (activeIndex + 1) % options.length : 0);
    } else if (event.key === "ArrowUp" && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((activeIndex - 1 + options.length) % options.length);
    } else if (event.key === "Enter") {
      const option = showList ? options[activeIndex] : undefined;
      if (option) {
        event.preventDefault();
        add(option.token);
      } else if (typed !== "") {
        // Text that matched nothing is never sent as a form submit by accident.
        event.preventDefault();
      }
    } else if (event.key === "Escape" && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Backspace" && text === "" && value.length > 0) {
      event.preventDefault();
      remove(value.length - 1);
    }
  };

  const fieldLabel = label ?? t("Tags");
  const activeID = showList ? `${id}-option-${activeIndex}` : undefined;
  const hint = full
    ? formatText(t("You cannot add more than {max} tags."), { max })
    : formatText(t("Up to {max} tags. Backspace removes the last one."), { max });
  return (
    <div className={classNames("tagInput", disabled && "isDisabled")}>
      <label className="tagInput-label" htmlFor={`${id}-input`}>
        {fieldLabel}
      </label>
      <div className="tagInput-field">
        <div className="tagInput-box" onClick={() => inputRef.current?.focus()}>
          <ul className="tagInput-tokens" aria-label={formatText(t("Chosen {label}"), { label: fieldLabel })}>
            {value.map((token, index) => (
              <li key={token.tagID ?? `new-${token.name}`} className="tagInput-token">
                <span className="tagInput-tokenName">{token.name}</span>
                <button
                  type="button"
                  className="tagInput-remove"
                  aria-label={formatText(t("Remove {tag}"), { tag: token.name })}
                  disabled={disabled}
                  onClick={(event) => {
                    event.stopPropagation();
                    remove(index);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={inputRef}
            id={`${id}-input`}
            className="tagInput-input"
            role="combobox"
            aria-expanded={showList}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-describedby={`${id}-hint`}
            {...(activeID ? { "aria-activedescendant": activeID } : {})}
            autoComplete="off"
            autoFocus={autoFocus}
            disabled={disabled}
            readOnly={full}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
        </div>
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={formatText(t("{label} suggestions"), { label: fieldLabel })}
          className="tagInput-list"
          hidden={!showList}
        >
          {options.map((option, index) => (
            <li
              key={option.token.tagID ?? `new-${option.token.name}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={classNames("tagInput-option", index === activeIndex && "isActive")}
              onMouseDown={(event) => {
                event.preventDefault();
                add(option.token);
              }}
            >
              {option.isNew
                ? formatText(t("Add new tag: {tag}"), { tag: option.token.name })
                : option.token.name}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className="tagInput-hint">
        {hint}
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
