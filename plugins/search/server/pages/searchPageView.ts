import type { AppContext } from "@library/server/app/appContext";
import { siteOrigin } from "@library/server/http/pagination";
import { sectionBasePath, sectionLink, withSectionLinks } from "@library/server/http/siteSections";
import { HttpError } from "@library/server/errors/httpErrors";
import { pluralText } from "@library/server/i18n/readerFormats";
import { formatText, type Translate } from "@library/server/i18n/translate";
import { timeTag } from "@library/server/pages/dateTags";
import { html, raw, widget, type SafeHtml } from "@library/server/pages/html";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SearchResult } from "../../api/searchApi";
import {
  SEARCH_PAGE_SIZE,
  USE_NEW_SEARCH_PAGE_SETTING,
  searchQueryParam,
  type SearchQueryParam,
} from "../../api/searchConstants";
import {
  searchApiParams,
  searchFormFromQuery,
  SEARCH_PAGE_DOMAINS,
  searchPageQueryString,
  type SearchPageDomain,
  type SearchPageForm,
} from "../../api/searchPageUrl";
import { searchRecordTypes } from "@library/server/search/searchRecordTypes";
import { loadSearchCategories } from "../records/searchCategories";
import { searchAnswer } from "../search/searchAnswers";
import { discussionScopeHtml, searchFormHtml, searchTabsHtml } from "./searchFormHtml";

/** What the React page starts from: the same results the server rendered, so nothing is fetched twice. */
export interface SearchPageProps {
  form: SearchPageForm;
  results: SearchResult[];
  total: number;
  error: string | null;
  categoryOptions: { value: number; label: string }[];
  /** `query` or `search` (SPEC 2, `themeFeatures.useNewSearchPage`). */
  queryParam: SearchQueryParam;
  /** 'Did you mean': a near query that finds something, when this one found nothing. */
  suggestion: string | null;
  /** The domain tabs: the core ones and those of the add-ons' registered record types. */
  domains: SearchPageDomain[];
}

function resultHtml(result: SearchResult, t: Translate): SafeHtml {
  const crumbs = (result.breadcrumbs ?? []).slice(1);
  return html`<li class="searchResult">
    <h2 class="searchResult-title" dir="auto"><a href="${result.url}">${result.name}</a></h2>
    ${crumbs.length > 0 ? html`<p class="searchResult-crumbs">${crumbs.map((crumb) => crumb.name).join(" › ")}</p>` : ""}
    ${result.highlight ? html`<p class="searchResult-excerpt" dir="auto">${raw(result.highlight)}</p>` : ""}
    <p class="searchResult-meta">
      ${result.insertUser && result.recordType !== "user" ? html`<span dir="auto">${result.insertUser.name}</span>` : ""}
      ${timeTag(result.dateInserted)}
      ${(result.labelCodes ?? []).map((label) => html`<span class="metaBadge">${t(label)}</span>`)}
    </p>
  </li>`;
}

function pagerHtml(
  form: SearchPageForm,
  total: number,
  queryParam: SearchQueryParam,
  t: Translate,
): SafeHtml {
  if (total <= SEARCH_PAGE_SIZE && form.page === 1) return html``;
  const first = Math.min(total, (form.page - 1) * SEARCH_PAGE_SIZE + 1);
  const last = Math.min(total, form.page * SEARCH_PAGE_SIZE);
  const link = (page: number) => `/search?${searchPageQueryString({ ...form, page }, queryParam)}`;
  return html`<nav class="pager" aria-label="${t("Pagination")}">
    <span class="pager-range"
      >${formatText(t("{first} - {last} of {total}"), { first, last, total: total.toLocaleString("en-US") })}</span
    >
    ${form.page > 1 ? html`<a class="pager-link" rel="prev" href="${link(form.page - 1)}">${t("Previous Page")}</a>` : ""}
    ${last < total ? html`<a class="pager-link" rel="next" href="${link(form.page + 1)}">${t("Next Page")}</a>` : ""}
  </nav>`;
}

function suggestionHtml(props: SearchPageProps, t: Translate): SafeHtml {
  if (!props.suggestion) return html``;
  const href = `/search?${searchPageQueryString({ ...props.form, query: props.suggestion, page: 1 }, props.queryParam)}`;
  return html`<p class="searchPage-suggestion">${t("Did you mean:")} <a href="${href}">${props.suggestion}</a></p>`;
}

function resultsHtml(props: SearchPageProps, t: Translate): SafeHtml {
  if (props.error) return html`<p class="searchPage-error" role="alert">${props.error}</p>`;
  if (!props.form.query && props.results.length === 0)
    return html`<p class="searchPage-empty">${t("Enter a search term to find discussions, comments, members and categories.")}</p>`;
  if (props.results.length === 0)
    return html`<p class="searchPage-empty">${t("No results found.")}</p>${suggestionHtml(props, t)}`;
  return html`<p class="searchPage-count">${pluralText(t("{count, plural, one {# result} other {# results}}"), props.total, t)}</p>
    <ol class="searchResults">${props.results.map((result) => resultHtml(result, t))}</ol>
    ${pagerHtml(props.form, props.total, props.queryParam, t)}`;
}

/** SPEC 2 domains with something to search: all content, then each domain of an active record type. */
function activeDomains(context: AppContext): SearchPageDomain[] {
  const registered = new Set(
    searchRecordTypes(context)
      .active()
      .map((type) => type.domain),
  );
  return SEARCH_PAGE_DOMAINS.filter((domain) => domain === "all_content" || registered.has(domain));
}

async function loadPage(
  context: AppContext,
  request: FastifyRequest,
  form: SearchPageForm,
): Promise<SearchPageProps> {
  const categories = await loadSearchCategories(context.db);
  const categoryOptions = categories
    .viewableIDs(request.viewer)
    .map((id) => categories.byID.get(id))
    .filter((row) => row !== undefined && row.isArchived !== 1)
    .map((row) => ({ value: row?.categoryID ?? 0, label: row?.name ?? "" }));
  const queryParam = searchQueryParam(context.settings.peek<boolean>(USE_NEW_SEARCH_PAGE_SETTING) !== false);
  const props: SearchPageProps = {
    form,
    results: [],
    total: 0,
    error: null,
    categoryOptions,
    queryParam,
    suggestion: null,
    domains: activeDomains(context),
  };
  try {
    const query = searchApiParams(form, SEARCH_PAGE_SIZE);
    const { outcome, results } = await searchAnswer(context, request, query);
    props.results = results;
    props.total = outcome.total;
    props.suggestion = outcome.suggestion;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    props.error =
      error
        .toBody()
        .errors?.map((item) => item.message)
        .join(" ") ?? error.message;
  }
  return props;
}

/** The search page: form, domain tabs, results and pager in HTML, with the `SearchPage` widget on top. */
export async function renderSearchPage(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { t } = request;
  const form = searchFormFromQuery(request.query as Record<string, unknown>);
  // A site section's search page links its results inside its folder (profiles stay the site's).
  const base = sectionBasePath(request);
  const props = withSectionLinks(
    await loadPage(context, request, form),
    base,
    siteOrigin(request, context.config.siteUrl),
  );
  const fallback = html`<h1 class="searchPage-title">${t("Search")}</h1>
    ${searchFormHtml(form, props.categoryOptions, props.queryParam, t, sectionLink(base, "/search"))}
    ${discussionScopeHtml(form, props.queryParam, t)}
    ${searchTabsHtml(form, props.domains, props.queryParam, t)}
    <section class="searchPage-results" aria-live="polite">${resultsHtml(props, t)}</section>`;
  const body = html`<div class="searchPage">${widget("div", "SearchPage", props, fallback, { class: "searchPage-widget" })}</div>`;
  const title = form.query ? formatText(t("Search results for {query}"), { query: form.query }) : t("Search");
  return context.pages.send(request, reply, { title, body, noIndex: true, canonicalPath: "/search" });
}
