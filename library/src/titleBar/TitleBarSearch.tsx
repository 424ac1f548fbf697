import { useEffect, useId, useRef } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";
import { paths } from "@library/src/routing/paths";
import { SearchIcon } from "@library/src/titleBar/titleBarIcons";

export interface TitleBarSearchProps {
  /** Close the box; `returnFocus` gives focus back to the search button (Escape, Cancel). */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The open search box. A search add-on may register `TitleBarSearchBox` (autocomplete); without one it is a
 * GET form to /search.
 */
export function TitleBarSearch({ onClose }: TitleBarSearchProps) {
  const SearchBox = getComponent("TitleBarSearchBox");
  return SearchBox ? <SearchBox onClose={onClose} /> : <PlainTitleBarSearch onClose={onClose} />;
}

/** A GET form to /search with the query field and a Cancel button (SPEC 4 "Search box"). */
function PlainTitleBarSearch({ onClose }: TitleBarSearchProps) {
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
      action={siteUrl(paths.search)}
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
