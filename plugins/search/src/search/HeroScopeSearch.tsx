import { useId, useRef, useState } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";

/**
 * The hero banner's search bar with the 'Search In' scope selector, when a layout asks for it (SPEC 2, scope
 * values site and hub, SPEC 9):
 * Enter submits to the search page with the query and the scope; 'Clear Search' empties the box and keeps
 * focus in it; Tab from a box with text reaches the clear button first.
 */
export function HeroScopeSearch() {
  const id = useId();
  const [query, setQuery] = useState("");
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="heroBanner-search heroBanner-scopeSearch"
      role="search"
      method="get"
      action={siteUrl("/search")}
    >
      <label className="heroBanner-scope">
        <span className="sr-only">{t("Search In")}</span>
        <select name="scope" defaultValue="site">
          <option value="site">{t("Community")}</option>
          <option value="hub">{t("All")}</option>
        </select>
      </label>
      <label className="sr-only" htmlFor={`${id}-query`}>
        {t("Search")}
      </label>
      <input
        ref={input}
        id={`${id}-query`}
        className="heroBanner-input"
        type="search"
        name="query"
        required
        value={query}
        placeholder={t("Search")}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query ? (
        <button
          type="button"
          className="button heroBanner-clear"
          onClick={() => {
            setQuery("");
            input.current?.focus();
          }}
        >
          {t("Clear Search")}
        </button>
      ) : null}
      <button type="submit" className="button button-primary heroBanner-submit">
        {t("Search")}
      </button>
    </form>
  );
}
