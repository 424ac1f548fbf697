import type { FastifyReply, FastifyRequest } from "fastify";
import qs from "qs";

export interface PageInfo {
  page: number;
  limit: number;
  /** Known total: a numbered pager. Absent: a "more" pager that decides by `count`. */
  total?: number;
  /** Rows on this page, for the "more" pager. */
  count?: number;
}

/** The origin of links in a request's answer: `SITE_URL`, else the one resolved for the request. */
export function siteOrigin(request: FastifyRequest, siteUrl: string | null): string {
  if (siteUrl) return siteUrl;
  return request.siteOrigin ?? `${request.protocol}://${request.host}`;
}

/** Longest page link written; past it the links are left out (the client pages with `page` instead). */
export const MAX_PAGE_LINK_LENGTH = 2048;

/** Each query schema's parameter names, read once. */
const declaredBySchema = new WeakMap<object, Set<string>>();

/** The query parameters the route declares: only these are carried into its page links. */
function declaredQueryKeys(request: FastifyRequest): Set<string> | null {
  const schema = request.routeOptions.schema?.querystring as
    { properties?: Record<string, unknown> } | undefined;
  if (!schema?.properties) return null;
  let declared = declaredBySchema.get(schema);
  if (!declared) {
    declared = new Set(Object.keys(schema.properties));
    declaredBySchema.set(schema, declared);
  }
  return declared;
}

/** A `key=value` pair that the query parser would give back as written: a name, and a value of unreserved characters. */
const PLAIN_PAIR = /^[A-Za-z_][A-Za-z0-9_]*=[A-Za-z0-9\-._~]*$/;

/**
 * The declared pairs of a query made only of plain pairs, each name once, without `page`, as written; null for any
 * other query (brackets, escapes, a name twice: the parser's way). Most lists' queries are `discussionID=7&limit=30`,
 * and parsing and writing them back cost 2-3 % of a page of comments.
 */
function plainPairsWithoutPage(search: string, declared: Set<string>): string[] | null {
  if (search === "") return [];
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const pair of search.split("&")) {
    if (!PLAIN_PAIR.test(pair)) return null;
    const key = pair.slice(0, pair.indexOf("="));
    if (seen.has(key)) return null;
    seen.add(key);
    if (key !== "page" && declared.has(key)) kept.push(pair);
  }
  return kept;
}

/** Builds the URL of any page of this request's list: the query is parsed once for all the links. */
function pageUrlMaker(request: FastifyRequest, origin: string): (page: number) => string {
  const [path = "/", search = ""] = request.url.split("?");
  const declared = declaredQueryKeys(request);
  const plain = declared && plainPairsWithoutPage(search, declared);
  if (plain) {
    const kept = plain.join("&");
    return (page) => {
      const query = page > 1 ? (kept ? `${kept}&page=${page}` : `page=${page}`) : kept;
      return `${origin}${path}${query ? `?${query}` : ""}`;
    };
  }
  const parsed = qs.parse(search) as Record<string, unknown>;
  const query = Object.fromEntries(
    Object.entries(parsed).filter(([key]) => key !== "page" && (declared === null || declared.has(key))),
  );
  return (page) => {
    const rebuilt = qs.stringify(page > 1 ? { ...query, page: String(page) } : query, {
      encode: true,
      arrayFormat: "indices",
    });
    return `${origin}${path}${rebuilt ? `?${rebuilt}` : ""}`;
  };
}

/** The `x-app-page-*` headers and `Link` of API.md 1.7 for a request's page. */
export function pagingHeaders(
  request: FastifyRequest,
  info: PageInfo,
  siteUrl: string | null,
): Record<string, string> {
  const pageUrl = pageUrlMaker(request, siteOrigin(request, siteUrl));
  const headers: Record<string, string> = {
    "x-app-page-current": String(info.page),
    "x-app-page-limit": String(info.limit),
  };
  const links: Record<string, string> = {};
  links.first = pageUrl(1);
  if (info.page > 1) links.prev = pageUrl(info.page - 1);
  if (info.total !== undefined) {
    const lastPage = Math.max(1, Math.ceil(info.total / info.limit));
    headers["x-app-page-result-count"] = String(info.total);
    links.last = pageUrl(lastPage);
    if (info.page < lastPage) links.next = pageUrl(info.page + 1);
  } else if (info.count !== undefined && info.count >= info.limit) {
    links.next = pageUrl(info.page + 1);
  }
  // An enormous query would be repeated in every link (twice each): past the limit, no links at all.
  if (Object.values(links).some((url) => url.length > MAX_PAGE_LINK_LENGTH)) return headers;
  for (const [rel, url] of Object.entries(links)) headers[`x-app-page-${rel}-url`] = url;
  headers.Link = Object.entries(links)
    .map(([rel, url]) => `<${url}>; rel="${rel}"`)
    .join(", ");
  return headers;
}

/** Writes the `x-app-page-*` headers and `Link` of API.md 1.7. */
export function setPagingHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  info: PageInfo,
  siteUrl: string | null,
): void {
  reply.headers(pagingHeaders(request, info, siteUrl));
}

export const PAGING_EXPOSED_HEADERS = [
  "x-app-page-current",
  "x-app-page-limit",
  "x-app-page-result-count",
  "x-app-page-first-url",
  "x-app-page-prev-url",
  "x-app-page-next-url",
  "x-app-page-last-url",
].join(", ");
