/**
 * The search page's state and its URL (SPEC 2 "Search page parameters"), shared by the server page and the
 * React page: plain values only, safe in browser code. Lists travel as indexed value/label pairs
 * (`categoryID[0][value]=5&categoryID[0][label]=General`).
 */

import type { SearchQueryParam } from "./searchConstants";

export type SearchPageDomain = "all_content" | "user" | "category" | "knowledgeBase" | "group";
export type SearchPageSort = "relevance" | "-dateInserted" | "dateInserted";

export interface LabelledValue<V> {
  value: V;
  label: string;
}

export interface SearchPageForm {
  query: string;
  domain: SearchPageDomain;
  sort: SearchPageSort;
  page: number;
  queryOperator: "and" | "or";
  types: string[];
  categories: LabelledValue<number>[];
  includeChildCategories: boolean;
  authors: LabelledValue<string>[];
  /** Tag names; a post carrying any of them matches (`or`), or all of them (`and`). */
  tags: LabelledValue<string>[];
  tagOperator: "and" | "or";
  /** `YYYY-MM-DD` or empty. */
  startDate: string;
  endDate: string;
  /** Only the posts of this discussion ('Search this discussion'); null: everywhere. */
  discussionID: number | null;
}

export const SEARCH_PAGE_DOMAINS: readonly SearchPageDomain[] = [
  "all_content",
  "user",
  "category",
  "knowledgeBase",
  "group",
];

/** Tab names of the domains (SPEC 2), in tab order; an add-on's domain shows once its record type is registered. */
export const DOMAIN_LABELS: Record<SearchPageDomain, string> = {
  all_content: "All Content",
  user: "Members",
  category: "Categories",
  knowledgeBase: "Knowledge Base",
  group: "Groups",
};
export const SEARCH_PAGE_SORTS: readonly SearchPageSort[] = ["relevance", "-dateInserted", "dateInserted"];

export function emptySearchForm(): SearchPageForm {
  return {
    query: "",
    domain: "all_content",
    sort: "relevance",
    page: 1,
    queryOperator: "and",
    types: [],
    categories: [],
    includeChildCategories: false,
    authors: [],
    tags: [],
    tagOperator: "or",
    startDate: "",
    endDate: "",
    discussionID: null,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  if (value && typeof value === "object") return Object.values(value as Record<string, unknown>);
  if (typeof value === "string" && value !== "") return value.split(",");
  return [];
}

function pair(item: unknown): LabelledValue<string> | null {
  if (typeof item === "string") return item ? { value: item, label: item } : null;
  if (!item || typeof item !== "object") return null;
  const record = item as Record<string, unknown>;
  const value = text(record.value);
  if (!value) return null;
  return { value, label: text(record.label) || value };
}

/** The form from a parsed query string (nested objects as `qs` parses them). `search` is read like `query`. */
export function searchFormFromQuery(query: Record<string, unknown>): SearchPageForm {
  const form = emptySearchForm();
  form.query = text(query.query) || text(query.search);
  const domain = text(query.domain);
  if ((SEARCH_PAGE_DOMAINS as readonly string[]).includes(domain)) form.domain = domain as SearchPageDomain;
  const sort = text(query.sort);
  if ((SEARCH_PAGE_SORTS as readonly string[]).includes(sort)) form.sort = sort as SearchPageSort;
  const page = Number(text(query.page));
  if (Number.isInteger(page) && page >= 1) form.page = Math.min(page, 100);
  if (text(query.queryOperator) === "or") form.queryOperator = "or";
  form.types = asList(query.types)
    .map(text)
    .filter((value) => value !== "");
  form.categories = asList(query.categoryID)
    .map(pair)
    .filter((item): item is LabelledValue<string> => item !== null && /^\d+$/.test(item.value))
    .map((item) => ({ value: Number(item.value), label: item.label }));
  form.includeChildCategories = ["1", "true"].includes(text(query.includeChildCategories));
  form.authors = asList(query.insertUserNames)
    .map(pair)
    .filter((item): item is LabelledValue<string> => item !== null);
  form.tags = asList(query.tags)
    .map(pair)
    .filter((item): item is LabelledValue<string> => item !== null);
  if (text(query.tagOperator) === "and") form.tagOperator = "and";
  if (DAY.test(text(query.startDate))) form.startDate = text(query.startDate);
  if (DAY.test(text(query.endDate))) form.endDate = text(query.endDate);
  const discussionID = Number(text(query.discussionID));
  if (Number.isInteger(discussionID) && discussionID >= 1 && discussionID <= 2147483647)
    form.discussionID = discussionID;
  return form;
}

/**
 * SPEC 5 range filter: equal ends give that one day; both ends `[start,end]`; start only `>=start`; end only
 * `<=end`; neither nothing.
 */
export function dateRangeFilter(start: string, end: string): string | undefined {
  const from = start.replace(/,/g, "");
  const to = end.replace(/,/g, "");
  if (from && to) return from === to ? from : `[${from},${to}]`;
  if (from) return `>=${from}`;
  if (to) return `<=${to}`;
  return undefined;
}

/** The page URL's query string for a form; defaults are left out. The query goes in `queryParam` (SPEC 2). */
export function searchPageQueryString(form: SearchPageForm, queryParam: SearchQueryParam = "query"): string {
  const params = new URLSearchParams();
  if (form.query) params.set(queryParam, form.query);
  if (form.domain !== "all_content") params.set("domain", form.domain);
  if (form.sort !== "relevance") params.set("sort", form.sort);
  if (form.queryOperator !== "and") params.set("queryOperator", form.queryOperator);
  form.types.forEach((type, index) => params.set(`types[${index}]`, type));
  form.categories.forEach((category, index) => {
    params.set(`categoryID[${index}][value]`, String(category.value));
    params.set(`categoryID[${index}][label]`, category.label);
  });
  if (form.includeChildCategories) params.set("includeChildCategories", "true");
  form.authors.forEach((author, index) => {
    params.set(`insertUserNames[${index}][value]`, author.value);
    params.set(`insertUserNames[${index}][label]`, author.label);
  });
  form.tags.forEach((tag, index) => {
    params.set(`tags[${index}][value]`, tag.value);
    params.set(`tags[${index}][label]`, tag.label);
  });
  if (form.tagOperator !== "or") params.set("tagOperator", form.tagOperator);
  if (form.startDate) params.set("startDate", form.startDate);
  if (form.endDate) params.set("endDate", form.endDate);
  if (form.discussionID !== null) params.set("discussionID", String(form.discussionID));
  if (form.page > 1) params.set("page", String(form.page));
  return params.toString();
}

/**
 * The record types of a page domain (`all_content`: discussions and comments). An add-on's domain (knowledge
 * base, groups) is left to the server, which maps it through its record-type registry.
 */
export function domainRecordTypes(domain: SearchPageDomain): string[] {
  if (domain === "user") return ["user"];
  if (domain === "category") return ["category"];
  if (domain === "knowledgeBase" || domain === "group") return [];
  return ["discussion", "comment"];
}

/** The `GET /search` parameters the search page sends. */
export interface SearchApiParams {
  query: string;
  recordTypes?: string[];
  domain?: SearchPageDomain;
  sort: SearchPageSort;
  page: number;
  limit: number;
  expand: ("insertUser" | "breadcrumbs" | "-body")[];
  queryOperator?: "and" | "or";
  types?: string[];
  categoryID?: number[];
  includeChildCategories?: boolean;
  insertUserNames?: string[];
  tags?: string[];
  tagOperator?: "and" | "or";
  dateInserted?: string;
  discussionID?: number;
}

/**
 * The `GET /search` parameters of a form. Filters that only apply to posts (types, categories, authors, tags,
 * dates) are dropped for the member and category domains.
 */
export function searchApiParams(form: SearchPageForm, limit: number): SearchApiParams {
  const params: SearchApiParams = {
    query: form.query,
    sort: form.sort,
    page: form.page,
    limit,
    expand: ["insertUser", "breadcrumbs", "-body"],
  };
  const recordTypes = domainRecordTypes(form.domain);
  if (recordTypes.length > 0) params.recordTypes = recordTypes;
  else params.domain = form.domain;
  if (form.queryOperator === "or") params.queryOperator = "or";
  if (form.domain !== "all_content") return params;
  if (form.types.length > 0) params.types = form.types;
  if (form.categories.length > 0) params.categoryID = form.categories.map((category) => category.value);
  if (form.includeChildCategories) params.includeChildCategories = true;
  if (form.authors.length > 0) params.insertUserNames = form.authors.map((author) => author.value);
  if (form.tags.length > 0) {
    params.tags = form.tags.map((tag) => tag.value);
    if (form.tagOperator === "and") params.tagOperator = "and";
  }
  const dateInserted = dateRangeFilter(form.startDate, form.endDate);
  if (dateInserted) params.dateInserted = dateInserted;
  if (form.discussionID !== null) params.discussionID = form.discussionID;
  return params;
}

/** SPEC 2: filters only discussions have. */
export const DISCUSSION_ONLY_FILTERS = [
  "types",
  "categoryID",
  "followedCategories",
  "includeChildCategories",
  "includeArchivedCategories",
  "insertUserNames",
] as const;
/** SPEC 2: filters only knowledge-base articles have. */
export const ARTICLE_ONLY_FILTERS = ["knowledgeBaseID", "knowledgeCategoryIDs"] as const;

/**
 * SPEC 2's record-type filter rules: a search of articles drops the discussion-only filters, each with a
 * warning; a search of discussions drops the article-only ones. (Authors stay for discussions: the API
 * filters posts by `insertUserNames`.) Returns the parameters to send and the warnings.
 */
export function applicableFilters<T extends Record<string, unknown>>(
  params: T,
): { params: T; warnings: string[] } {
  const recordTypes = Array.isArray(params.recordTypes) ? (params.recordTypes as unknown[]) : [];
  const articles = recordTypes.includes("article") && !recordTypes.includes("discussion");
  const discussions = recordTypes.includes("discussion") && !recordTypes.includes("article");
  const dropped: readonly string[] = articles
    ? DISCUSSION_ONLY_FILTERS
    : discussions
      ? ARTICLE_ONLY_FILTERS
      : [];
  const kept: Record<string, unknown> = { ...params };
  const warnings: string[] = [];
  for (const key of dropped) {
    if (kept[key] === undefined) continue;
    delete kept[key];
    warnings.push(
      `Search filter "${key}" does not apply to ${articles ? "articles" : "discussions"} and was dropped.`,
    );
  }
  return { params: kept as T, warnings: articles ? warnings : [] };
}
