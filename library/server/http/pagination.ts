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

/** The query parameters the route declares: only these are carried into its page links. */
function declaredQueryKeys(request: FastifyRequest): Set<string> | null {
  const schema = request.routeOptions.schema?.querystring as
    { properties?: Record<string, unknown> } | undefined;
  return schema?.properties ? new Set(Object.keys(schema.properties)) : null;
}

/** Builds the URL of any page of this request's list: the query is parsed once for all the links. */
function pageUrlMaker(request: FastifyRequest, origin: string): (page: number) => string {
  const [path = "/", search = ""] = request.url.split("?");
  const parsed = qs.parse(search) as Record<string, unknown>;
  const declared = declaredQueryKeys(request);
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
