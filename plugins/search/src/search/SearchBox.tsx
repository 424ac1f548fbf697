import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { getConfig, siteUrl } from "@library/src/bootstrap/bootstrap";
import { formatText, t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import {
  AUTOCOMPLETE_DEBOUNCE_DEFAULT,
  AUTOCOMPLETE_DEBOUNCE_SETTING,
  SEARCH_HUB_NAME_SETTING,
  SEARCH_HUB_URL_SETTING,
  USE_NEW_SEARCH_PAGE_SETTING,
  searchQueryParam,
  type SearchQueryParam,
  type SearchScope,
} from "../../api/searchConstants";
import { fetchSuggestions, type SuggestionGroup } from "./autocompleteSources";
import { useDebouncedValue } from "./useDebouncedValue";

export interface SearchBoxProps {
  initialQuery?: string;
  autoFocus?: boolean;
  /** `hero`: the home page's large bar; `titleBar`: the compact box with Cancel. */
  variant: "hero" | "titleBar";
  /** Shows Cancel; called with `true` when focus should return to the search button. */
  onCancel?: (returnFocus: boolean) => void;
}

interface Option {
  id: string;
  label: string;
  url: string;
  crumbs: string;
}

interface Hub {
  name: string;
  /** The hub's search page. */
  searchUrl: string;
}

/** The hub this site belongs to, when both its name and its address are set (SPEC 2 'Search In'). */
function configuredHub(): Hub | null {
  const name = getConfig<string>(SEARCH_HUB_NAME_SETTING, "").trim();
  const url = getConfig<string>(SEARCH_HUB_URL_SETTING, "").trim();
  if (!name || !/^https?:\/\/\S+$/.test(url)) return null;
  return { name, searchUrl: `${url.replace(/\/+$/, "")}/search` };
}

/** The search page for the query: this site's, or the hub's with `scope=hub`. */
function searchUrl(query: string, queryParam: SearchQueryParam, hub: Hub | null): string {
  if (hub) return `${hub.searchUrl}?${new URLSearchParams({ [queryParam]: query, scope: "hub" }).toString()}`;
  return siteUrl(`/search?${new URLSearchParams({ [queryParam]: query }).toString()}`);
}

function crumbsOf(names: readonly string[]): string {
  return names.slice(1).join(" › ");
}

/**
 * The search bar with autocomplete (SPEC 2 hero and title bar, SPEC 4 search menu): after the debounce
 * (`search.autocompleteDebounce`) it offers 'Search for' first, then results by source with breadcrumbs;
 * arrows move through them, Enter opens the chosen one or submits, Escape closes the menu, 'Clear Search'
 * empties the box. On a site that belongs to a hub, 'Search In' chooses between this site and the hub; a hub
 * search opens the hub's search page (suggestions stay this site's, which the hub also holds).
 */
export function SearchBox({ initialQuery = "", autoFocus = false, variant, onCancel }: SearchBoxProps) {
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const [menuOpen, setMenuOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const debounce = getConfig<number>(AUTOCOMPLETE_DEBOUNCE_SETTING, AUTOCOMPLETE_DEBOUNCE_DEFAULT);
  const settledQuery = useDebouncedValue(query.trim(), debounce);
  const queryParam = searchQueryParam(getConfig<boolean>(USE_NEW_SEARCH_PAGE_SETTING, true));
  const hub = configuredHub();
  const [scope, setScope] = useState<SearchScope>("site");
  const targetHub = hub && scope === "hub" ? hub : null;

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    if (!settledQuery) {
      setGroups([]);
      return;
    }
    const controller = new AbortController();
    fetchSuggestions(settledQuery, controller.signal).then(
      (found) => setGroups(found),
      () => undefined,
    );
    return () => controller.abort();
  }, [settledQuery]);

  const menuShowing = menuOpen && query.trim() !== "";

  useEffect(() => {
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && rootRef.current?.contains(target)) return;
      if (menuShowing) setMenuOpen(false);
      else onCancel?.(false);
    };
    document.addEventListener("mousedown", onOutside);
    document.addEventListener("touchstart", onOutside);
    return () => {
      document.removeEventListener("mousedown", onOutside);
      document.removeEventListener("touchstart", onOutside);
    };
  }, [menuShowing, onCancel]);

  const options: Option[] = [
    {
      id: `${id}-option-0`,
      label: formatText(t("Search for {query}"), { query: query.trim() }),
      url: searchUrl(query.trim(), queryParam, targetHub),
      crumbs: "",
    },
    ...groups.flatMap((group) =>
      group.results.map((result) => ({
        id: `${id}-option-${result.recordType}-${result.recordID}`,
        label: result.name,
        url: result.url,
        crumbs: crumbsOf((result.breadcrumbs ?? []).map((crumb) => crumb.name)),
      })),
    ),
  ];
  const activeOption = menuShowing ? options[activeIndex] : undefined;

  const clear = () => {
    setQuery("");
    setGroups([]);
    setMenuOpen(false);
    setActiveIndex(-1);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!query.trim()) return;
      event.preventDefault();
      setMenuOpen(true);
      const count = options.length;
      setActiveIndex((index) =>
        event.key === "ArrowDown" ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      if (menuShowing) {
        setMenuOpen(false);
        setActiveIndex(-1);
      } else onCancel?.(true);
      return;
    }
    if (event.key === "Enter" && activeOption) {
      event.preventDefault();
      setMenuOpen(false);
      fullPageNavigate(siteUrl(activeOption.url));
    }
  };

  let optionIndex = 0;
  const renderOption = (option: Option) => {
    const index = optionIndex++;
    return (
      <li
        key={option.id}
        id={option.id}
        role="option"
        aria-selected={index === activeIndex}
        className={`searchMenu-option${index === activeIndex ? " isActive" : ""}`}
        onMouseDown={(event) => event.preventDefault()}
        onMouseEnter={() => setActiveIndex(index)}
        onClick={() => {
          setMenuOpen(false);
          fullPageNavigate(siteUrl(option.url));
        }}
      >
        <span className="searchMenu-label">{option.label}</span>
        {option.crumbs && <span className="searchMenu-crumbs">{option.crumbs}</span>}
      </li>
    );
  };
  const [searchFor, ...resultOptions] = options;
  let consumed = 0;

  return (
    <form
      ref={rootRef}
      className={`searchBox searchBox--${variant}`}
      role="search"
      method="get"
      action={targetHub ? targetHub.searchUrl : siteUrl("/search")}
      onSubmit={(event) => {
        if (!query.trim()) event.preventDefault();
      }}
    >
      {hub && (
        <select
          className="searchBox-scope"
          aria-label={t("Search In")}
          value={scope}
          onChange={(event) => setScope(event.target.value === "hub" ? "hub" : "site")}
        >
          <option value="site">{getConfig<string>("garden.title", "") || window.location.host}</option>
          <option value="hub">{hub.name}</option>
        </select>
      )}
      {targetHub && <input type="hidden" name="scope" value="hub" />}
      <div className="searchBox-field">
        <label className="sr-only" htmlFor={`${id}-input`}>
          {t("Search")}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="searchBox-input"
          type="search"
          name={queryParam}
          autoComplete="off"
          placeholder={t("Search")}
          role="combobox"
          aria-expanded={menuShowing}
          aria-controls={`${id}-menu`}
          aria-autocomplete="list"
          aria-activedescendant={activeOption?.id}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setMenuOpen(event.target.value.trim() !== "");
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {query !== "" && (
          <button type="button" className="searchBox-clear" aria-label={t("Clear Search")} onClick={clear}>
            <span aria-hidden="true">×</span>
          </button>
        )}
        {menuShowing && searchFor && (
          <ul id={`${id}-menu`} className="searchMenu" role="listbox" aria-label={t("Search")}>
            {renderOption(searchFor)}
            {groups.map((group) => {
              const items = resultOptions.slice(consumed, consumed + group.results.length);
              consumed += group.results.length;
              return (
                <li key={group.source.key} role="presentation" className="searchMenu-group">
                  <span className="searchMenu-heading" role="presentation">
                    {t(group.source.label)}
                  </span>
                  <ul role="group" aria-label={t(group.source.label)}>
                    {items.map(renderOption)}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <button type="submit" className="button button-primary searchBox-submit">
        {t("Search")}
      </button>
      {onCancel && (
        <button type="button" className="searchBox-cancel" onClick={() => onCancel(true)}>
          {t("Cancel")}
        </button>
      )}
    </form>
  );
}
