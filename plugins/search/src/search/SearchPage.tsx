import { useEffect, useRef, useState } from "react";
import { formatFullNumber } from "@library/src/formatting/numbers";
import { plural } from "@library/src/i18n/plural";
import { formatText, t } from "@library/src/i18n/translate";
import type { SearchResult } from "../../api/searchApi";
import { SEARCH_PAGE_SIZE, type SearchQueryParam } from "../../api/searchConstants";
import {
  DOMAIN_LABELS,
  searchApiParams,
  searchFormFromQuery,
  searchPageQueryString,
  type SearchPageDomain,
  type SearchPageForm,
} from "../../api/searchPageUrl";
import { fetchSearch } from "./searchClient";
import { SearchFilters } from "./SearchFilters";
import { SearchResultItem } from "./SearchResultItem";

export interface SearchPageProps {
  form: SearchPageForm;
  results: SearchResult[];
  total: number;
  error: string | null;
  categoryOptions: { value: number; label: string }[];
  /** `query` or `search` (SPEC 2, `themeFeatures.useNewSearchPage`); `query` when absent. */
  queryParam?: SearchQueryParam;
  /** 'Did you mean' for the first results. */
  suggestion?: string | null;
  /** The domain tabs (the server knows which add-ons' domains exist); the core ones when absent. */
  domains?: SearchPageDomain[];
}

const CORE_DOMAINS: SearchPageDomain[] = ["all_content", "user", "category"];

type Status = "success" | "loading" | "error";

function queryObject(search: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const path = key.replace(/\]/g, "").split("[");
    let target = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

/**
 * The search page (SPEC 2): domain tabs, the filter panel, sort, results and the pager. It starts from the
 * server's results and keeps the URL in step with the form (Back and Forward restore earlier searches).
 */
export function SearchPage(props: SearchPageProps) {
  const [form, setForm] = useState<SearchPageForm>(props.form);
  const [draftQuery, setDraftQuery] = useState(props.form.query);
  const [results, setResults] = useState(props.results);
  const [total, setTotal] = useState(props.total);
  const [suggestion, setSuggestion] = useState(props.suggestion ?? null);
  const [status, setStatus] = useState<Status>(props.error ? "error" : "success");
  const [error, setError] = useState(props.error);
  const first = useRef(true);

  useEffect(() => {
    const onPop = () => {
      const restored = searchFormFromQuery(queryObject(window.location.search));
      setForm(restored);
      setDraftQuery(restored.query);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const controller = new AbortController();
    setStatus("loading");
    fetchSearch(searchApiParams(form, SEARCH_PAGE_SIZE), controller.signal).then(
      ({ results: found, paging, suggestion: nearQuery }) => {
        setResults(found);
        setSuggestion(nearQuery);
        setTotal(paging.total ?? found.length);
        setStatus("success");
        setError(null);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setStatus("error");
        setError(failure instanceof Error && failure.message ? failure.message : t("Something went wrong."));
      },
    );
    return () => controller.abort();
  }, [form]);

  const update = (changes: Partial<SearchPageForm>, resetPage = true) => {
    const next = { ...form, ...changes, ...(resetPage ? { page: 1 } : {}) };
    const url = `${window.location.pathname}?${searchPageQueryString(next, props.queryParam)}`;
    window.history.pushState(null, "", url);
    setForm(next);
  };

  const firstShown = Math.min(total, (form.page - 1) * SEARCH_PAGE_SIZE + 1);
  const lastShown = Math.min(total, form.page * SEARCH_PAGE_SIZE);

  return (
    <div className="searchPage-app">
      <h1 className="searchPage-title">{t("Search")}</h1>
      <form
        className="searchForm"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ query: draftQuery.trim() });
        }}
      >
        <div className="searchForm-bar">
          <label className="sr-only" htmlFor="searchPage-query">
            {t("Search")}
          </label>
          <input
            id="searchPage-query"
            className="searchForm-input"
            type="search"
            name={props.queryParam ?? "query"}
            value={draftQuery}
            onChange={(event) => setDraftQuery(event.target.value)}
          />
          <button className="button button-primary" type="submit">
            {t("Search")}
          </button>
        </div>
        <SearchFilters form={form} categoryOptions={props.categoryOptions} onChange={update} />
      </form>
      {form.discussionID !== null && (
        <p className="searchPage-scope">
          {t("Only the posts of one discussion.")}{" "}
          <a
            href={`${window.location.pathname}?${searchPageQueryString({ ...form, discussionID: null, page: 1 }, props.queryParam)}`}
            onClick={(event) => {
              event.preventDefault();
              update({ discussionID: null });
            }}
          >
            {t("Search everywhere")}
          </a>
        </p>
      )}
      <div className="searchTabs" role="tablist" aria-label={t("Search In")}>
        <ul role="presentation">
          {(props.domains ?? CORE_DOMAINS).map((domain) => (
            <li key={domain} role="presentation">
              <button
                type="button"
                role="tab"
                aria-selected={domain === form.domain}
                className={`searchTabs-tab${domain === form.domain ? " isActive" : ""}`}
                onClick={() => update({ domain })}
              >
                {t(DOMAIN_LABELS[domain])}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <section className="searchPage-results" aria-live="polite" aria-busy={status === "loading"}>
        {status === "error" ? (
          <p className="searchPage-error" role="alert">
            {error ?? t("Something went wrong.")}
          </p>
        ) : !form.query && results.length === 0 ? (
          <p className="searchPage-empty">
            {t("Enter a search term to find discussions, comments, members and categories.")}
          </p>
        ) : results.length === 0 && status === "success" ? (
          <>
            <p className="searchPage-empty">{t("No results found.")}</p>
            {suggestion && (
              <p className="searchPage-suggestion">
                {t("Did you mean:")}{" "}
                <a
                  href={`${window.location.pathname}?${searchPageQueryString({ ...form, query: suggestion, page: 1 }, props.queryParam)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setDraftQuery(suggestion);
                    update({ query: suggestion });
                  }}
                >
                  {suggestion}
                </a>
              </p>
            )}
          </>
        ) : (
          <>
            <p className="searchPage-count">
              {plural(t("{count, plural, one {# result} other {# results}}"), total)}
            </p>
            <ol className="searchResults">
              {results.map((result) => (
                <SearchResultItem key={`${result.recordType}-${result.recordID}`} result={result} />
              ))}
            </ol>
            {(total > SEARCH_PAGE_SIZE || form.page > 1) && (
              <nav className="pager" aria-label={t("Pagination")}>
                <span className="pager-range">
                  {formatText(t("{first} - {last} of {total}"), {
                    first: formatFullNumber(firstShown),
                    last: formatFullNumber(lastShown),
                    total: formatFullNumber(total),
                  })}
                </span>
                {form.page > 1 && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => update({ page: form.page - 1 }, false)}
                  >
                    {t("Previous Page")}
                  </button>
                )}
                {lastShown < total && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => update({ page: form.page + 1 }, false)}
                  >
                    {t("Next Page")}
                  </button>
                )}
              </nav>
            )}
          </>
        )}
      </section>
    </div>
  );
}
