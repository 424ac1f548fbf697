import type { Translate } from "@library/server/i18n/translate";
import { html, type SafeHtml } from "@library/server/pages/html";
import type { SearchQueryParam } from "../../api/searchConstants";
import {
  DOMAIN_LABELS,
  searchPageQueryString,
  type SearchPageDomain,
  type SearchPageForm,
} from "../../api/searchPageUrl";

const SORT_LABELS = { relevance: "Best Match", "-dateInserted": "Newest", dateInserted: "Oldest" } as const;

/** Tabs as plain links: each keeps the query and drops the page. */
export function searchTabsHtml(
  form: SearchPageForm,
  domains: readonly SearchPageDomain[],
  queryParam: SearchQueryParam,
  t: Translate,
): SafeHtml {
  const tabs = domains.map((domain) => {
    const href = `/search?${searchPageQueryString({ ...form, domain, page: 1 }, queryParam)}`;
    const current = domain === form.domain;
    return html`<li><a class="searchTabs-tab${current ? " isActive" : ""}" href="${href}"${current ? html` aria-current="page"` : ""}>${t(DOMAIN_LABELS[domain])}</a></li>`;
  });
  return html`<nav class="searchTabs" aria-label="${t("Search In")}"><ul>${tabs}</ul></nav>`;
}

/** 'Search this discussion' narrowed the search: say so, with the way back to everything. */
export function discussionScopeHtml(
  form: SearchPageForm,
  queryParam: SearchQueryParam,
  t: Translate,
): SafeHtml {
  if (form.discussionID === null) return html``;
  const everywhere = `/search?${searchPageQueryString({ ...form, discussionID: null, page: 1 }, queryParam)}`;
  return html`<p class="searchPage-scope">${t("Only the posts of one discussion.")} <a href="${everywhere}">${t("Search everywhere")}</a></p>`;
}

/** The search form without JavaScript: query, sort and the post filters (GET, so results are linkable). */
export function searchFormHtml(
  form: SearchPageForm,
  categories: readonly { value: number; label: string }[],
  queryParam: SearchQueryParam,
  t: Translate,
  /** The search page's address (a site section's is in its folder). */
  action = "/search",
): SafeHtml {
  const selectedCategory = form.categories[0]?.value;
  return html`<form class="searchForm" role="search" method="get" action="${action}">
    <div class="searchForm-bar">
      <label class="sr-only" for="searchPage-query">${t("Search")}</label>
      <input id="searchPage-query" class="searchForm-input" type="search" name="${queryParam}" value="${form.query}" />
      <button class="button button-primary" type="submit">${t("Search")}</button>
    </div>
    ${form.domain !== "all_content" ? html`<input type="hidden" name="domain" value="${form.domain}" />` : ""}
    ${form.discussionID !== null ? html`<input type="hidden" name="discussionID" value="${form.discussionID}" />` : ""}
    <div class="searchForm-filters">
      <label>${t("Sort by")}
        <select name="sort">${(Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[]).map(
          (sort) =>
            html`<option value="${sort}"${sort === form.sort ? html` selected` : ""}>${t(SORT_LABELS[sort])}</option>`,
        )}</select>
      </label>
      ${
        form.domain === "all_content"
          ? html`<label>${t("Category")}
          <select name="categoryID">
            <option value="">${t("All Categories")}</option>
            ${categories.map((category) => html`<option value="${String(category.value)}"${category.value === selectedCategory ? html` selected` : ""}>${category.label}</option>`)}
          </select>
        </label>
        <label>${t("Author")} <input type="text" name="insertUserNames" value="${form.authors.map((author) => author.value).join(",")}" /></label>
        <label>${t("Tags")} <input type="text" name="tags" value="${form.tags.map((tag) => tag.value).join(",")}" /></label>
        ${form.tagOperator === "and" ? html`<input type="hidden" name="tagOperator" value="and" />` : ""}
        <label>${t("From")} <input type="date" name="startDate" value="${form.startDate}" /></label>
        <label>${t("To")} <input type="date" name="endDate" value="${form.endDate}" /></label>`
          : ""
      }
    </div>
  </form>`;
}
