/** URLs of list pages: `/p{n}` goes on the path (before any query), page 1 is the bare base url. */
export function pageUrl(baseUrl: string, page: number): string {
  if (page <= 1) return baseUrl;
  const queryStart = baseUrl.search(/[?#]/);
  const path = queryStart === -1 ? baseUrl : baseUrl.slice(0, queryStart);
  const rest = queryStart === -1 ? "" : baseUrl.slice(queryStart);
  return `${path.replace(/\/+$/, "")}/p${page}${rest}`;
}

export const DEFAULT_COMMENT_SORT = "dateInserted";

/** The comment list in another order: `?sort=…`, omitted for the default (oldest first). */
export function sortUrl(baseUrl: string, sort: string): string {
  const [path = "", query = ""] = baseUrl.split("?", 2);
  const params = new URLSearchParams(query);
  params.delete("sort");
  if (sort !== DEFAULT_COMMENT_SORT) params.set("sort", sort);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
