/** The `GET /discussions` query a `DiscussionListModule` was hydrated with (API.md 7.3), plus the page shown. */
export type DiscussionListParams = Record<string, string | number>;

/** A stable key for a query: keys sorted, so `{a, b}` and `{b, a}` are the same list. */
export function discussionListQueryHash(params: DiscussionListParams): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${key}=${String(params[key] ?? "")}`)
    .join("&");
}

export function withPage(params: DiscussionListParams, page: number): DiscussionListParams {
  return { ...params, page };
}

/** The `page` of a query string, when it holds a whole number of at least 1. */
export function pageFromSearch(search: string): number | undefined {
  const raw = new URLSearchParams(search).get("page");
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const page = Number.parseInt(raw, 10);
  return page >= 1 ? page : undefined;
}

/** The query string with `page` set, the other parameters kept: `?sort=-score&page=2`. */
export function searchWithPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return `?${params.toString()}`;
}
