import type { TitleBarItem } from "@forum/api/titleBar";
import { useEffect, useId, useRef } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";
import { SearchIcon } from "@library/src/titleBar/titleBarIcons";

export interface TitleBarSearchProps {
  /** The search entry: `href` is the search page, `component` the search box that replaces the plain form. */
  item: TitleBarItem;
  /** Close the box; `returnFocus` gives focus back to the search button (Escape, Cancel). */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The open search box: the component the search entry names (an autocomplete) once its add-on registered it,
 * a GET form to the entry's page until then.
 */
export function TitleBarSearch({ item, onClose }: TitleBarSearchProps) {
  const SearchBox = item.component ? getComponent(item.component) : undefined;
  return SearchBox ? <SearchBox onClose={onClose} /> : <PlainTitleBarSearch item={item} onClose={onClose} />;
}

/** A GET form to the search page with the query field and a Cancel button (SPEC 4 "Search box"). */
function PlainTitleBarSearch({ item, onClose }: TitleBarSearchProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    inputRef.current?.focus();
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && formRef.current?.contains(target)) return;
      onCloseRef.current(false);
    };
    document.addEventListener("mousedown", onOutside);
    document.addEventListener("touchstart", onOutside);
    return () => {
      document.removeEventListener("mousedown", onOutside);
      document.removeEventListener("touchstart", onOutside);
    };
  }, []);

  return (
    <form
      ref={formRef}
      className="titleBarSearch"
      role="search"
      method="get"
      action={siteUrl(item.href)}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        event.stopPropagation();
        onClose(true);
      }}
    >
      <div className="titleBarSearch-field">
        <span className="titleBarSearch-icon">
          <SearchIcon size={18} />
        </span>
        <label className="sr-only" htmlFor={`${id}-query`}>
          {t("Search")}
        </label>
        <input
          ref={inputRef}
          id={`${id}-query`}
          className="titleBarSearch-input"
          type="search"
          name="query"
          autoComplete="off"
          placeholder={t("Search")}
          required
        />
      </div>
      <button type="button" className="titleBarSearch-cancel" onClick={() => onClose(true)}>
        {t("Cancel")}
      </button>
    </form>
  );
}
