import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import type { PostableCategory } from "@forum/api/postTypes";
import { t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import { fieldAriaProps, type FieldErrors } from "@library/src/ui/forms/FormGroup";
import { searchCategorySuggestions } from "./postTypesApi";
import "./postTypes.css";

/** SPEC 9: the category suggestion search waits 100 ms after the last keystroke. */
export const CATEGORY_SUGGESTION_DEBOUNCE_MS = 100;

export interface CategoryPickerProps {
  /** The input's id (the form's label points at it). */
  id: string;
  /** The page's categories: only `canPost` ones are ever offered. */
  categories: PostableCategory[];
  value: number | null;
  onChange: (categoryID: number) => void;
  errors?: FieldErrors;
}

interface Suggestion {
  categoryID: number;
  name: string;
  /** The parents' names, ' › '-separated (SPEC 2's breadcrumb separator). */
  path: string;
}

/** The parent path of each category from the tree order of the page's list. */
function browseList(categories: PostableCategory[]): Suggestion[] {
  const parents: string[] = [];
  const out: Suggestion[] = [];
  for (const category of categories) {
    parents.length = Math.max(0, category.depth - 1);
    if (category.canPost)
      out.push({ categoryID: category.categoryID, name: category.name, path: parents.join(" › ") });
    parents[category.depth - 1] = category.name;
  }
  return out;
}

/**
 * The category of a new post: a combobox whose typed text searches category names on the server (100 ms after
 * the last keystroke, at most 50 suggestions), narrowed to the categories the member may post in; with no text
 * it lists those categories. Arrow keys move, Enter picks, Escape closes and keeps the current choice.
 */
export function CategoryPicker({ id, categories, value, onChange, errors }: CategoryPickerProps) {
  const listID = useId();
  const postable = useMemo(() => browseList(categories), [categories]);
  const selected = postable.find((category) => category.categoryID === value) ?? null;
  const [text, setText] = useState(selected?.name ?? "");
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<Suggestion[] | null>(null);
  const [searching, setSearching] = useState(false);
  const query = text.trim();
  const isSearch = isOpen && query !== "" && query !== selected?.name;

  useEffect(() => {
    if (!isOpen) setText(selected?.name ?? "");
  }, [selected?.name, isOpen]);

  useEffect(() => {
    if (!isSearch) {
      setFound(null);
      return;
    }
    const abort = new AbortController();
    setSearching(true);
    const timer = window.setTimeout(() => {
      const allowed = new Map(postable.map((category) => [category.categoryID, category]));
      searchCategorySuggestions(query, abort.signal).then(
        (results) => {
          setFound(results.flatMap((result) => allowed.get(result.categoryID) ?? []));
          setActive(0);
          setSearching(false);
        },
        () => {
          if (abort.signal.aborted) return;
          setFound([]);
          setSearching(false);
        },
      );
    }, CATEGORY_SUGGESTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [isSearch, query, postable]);

  const options = isSearch ? (found ?? []) : postable;
  const pick = (suggestion: Suggestion) => {
    onChange(suggestion.categoryID);
    setText(suggestion.name);
    setOpen(false);
    setActive(-1);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    setText(selected?.name ?? "");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setOpen(true);
        setActive((index) => (!isOpen ? Math.max(0, index) : Math.min(last, index + 1)));
        break;
      case "ArrowUp":
        event.preventDefault();
        setOpen(true);
        setActive((index) => Math.max(0, index - 1));
        break;
      case "Home":
      case "End":
        if (!isOpen) return;
        event.preventDefault();
        setActive(event.key === "Home" ? 0 : last);
        break;
      case "Enter": {
        const choice = options[active];
        if (!isOpen || !choice) return;
        event.preventDefault();
        pick(choice);
        break;
      }
      case "Escape":
        if (!isOpen) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
    }
  };

  const optionID = (index: number) => `${listID}-${index}`;
  const activeOption = isOpen && active >= 0 && active < options.length ? optionID(active) : undefined;
  return (
    <div className="categoryPicker">
      <input
        id={id}
        className="input categoryPicker-input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listID}
        {...(activeOption ? { "aria-activedescendant": activeOption } : {})}
        autoComplete="off"
        placeholder={t("Select a category")}
        required
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        {...fieldAriaProps(id, errors)}
      />
      <ul
        id={listID}
        role="listbox"
        aria-label={t("Categories")}
        className="categoryPicker-list"
        hidden={!isOpen}
      >
        {options.map((option, index) => (
          <li
            key={option.categoryID}
            id={optionID(index)}
            role="option"
            aria-selected={index === active}
            className={classNames(
              "categoryPicker-option",
              index === active && "isActive",
              option.categoryID === value && "isSelected",
            )}
            // Picked before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            <span className="categoryPicker-name">{option.name}</span>
            {option.path && <span className="categoryPicker-path">{option.path}</span>}
          </li>
        ))}
        {isSearch && (searching || found === null) && options.length === 0 && (
          <li className="categoryPicker-empty" role="presentation">
            {t("Searching…")}
          </li>
        )}
        {isSearch && !searching && found !== null && options.length === 0 && (
          <li className="categoryPicker-empty" role="presentation">
            {t("No categories found.")}
          </li>
        )}
      </ul>
    </div>
  );
}
