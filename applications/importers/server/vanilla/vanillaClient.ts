/** Reads a Vanilla-shaped API v2 (`/api/v2/…`) with a bearer token: retries, paging by Link header or pages. */

export type FetchFunction = (url: string, init: { headers: Record<string, string> }) => Promise<Response>;

export interface VanillaClientOptions {
  /** The site's address, e.g. `https://community.example.com`. */
  url: string;
  token: string;
  fetch?: FetchFunction;
  /** Waits between retries (tests pass one that does not sleep). */
  sleep?: (milliseconds: number) => Promise<void>;
}

/** An answer other than 2xx after the retries, with its status. */
export class VanillaApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    message = `The source answered HTTP ${status} for ${url}.`,
  ) {
    super(message);
  }
}

export const PAGE_LIMIT = 100;
const MOST_TRIES = 3;

/** The site's address without a trailing slash or `/api/v2`: the key of the import map. */
export function normalizeSiteUrl(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, "").replace(/\/api\/v2$/, "");
  return `${parsed.protocol}//${parsed.host.toLowerCase()}${path}`;
}

/** The `rel="next"` URL of a Link header (RFC 8288), if any. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match?.[1] && /\brel\s*=\s*"?next"?/i.test(match[2] ?? "")) return match[1];
  }
  return null;
}

function retryDelay(response: Response, attempt: number): number {
  const header = response.headers.get("retry-after");
  if (header !== null) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds) * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return 500 * 2 ** attempt;
}

export class VanillaClient {
  readonly siteUrl: string;
  private readonly fetch: FetchFunction;
  private readonly sleep: (milliseconds: number) => Promise<void>;

  constructor(private readonly options: VanillaClientOptions) {
    this.siteUrl = normalizeSiteUrl(options.url);
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.sleep =
      options.sleep ?? ((milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)));
  }

  /** An API path (`/discussions?…`) or an absolute URL (a Link header's) as a full URL. */
  urlOf(pathOrUrl: string): string {
    if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
    return `${this.siteUrl}/api/v2${pathOrUrl}`;
  }

  /** GETs a URL: 429 and 5xx are tried again (three tries, Retry-After honoured); 401/403 name the token. */
  async get(pathOrUrl: string): Promise<{ body: unknown; headers: Headers }> {
    const url = this.urlOf(pathOrUrl);
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.fetch(url, {
        headers: { Authorization: `Bearer ${this.options.token}`, Accept: "application/json" },
      });
      if (response.status === 401 || response.status === 403)
        throw new VanillaApiError(
          response.status,
          url,
          `The source refused the API token (HTTP ${response.status} for ${url}): check --token or IMPORT_API_TOKEN; it must be an administrator's token.`,
        );
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && attempt + 1 < MOST_TRIES) {
        await response.body?.cancel();
        await this.sleep(retryDelay(response, attempt));
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new VanillaApiError(response.status, url);
      }
      return { body: (await response.json()) as unknown, headers: response.headers };
    }
  }

  /**
   * Every item of a paged list, page by page: the Link header's next page when there is one, else `page` + 1
   * until a page comes back short. `onTotal` gets the total when the server tells it.
   */
  async *list<T>(path: string, onTotal?: (total: number) => void): AsyncGenerator<T> {
    const separator = path.includes("?") ? "&" : "?";
    let url: string | null = this.urlOf(`${path}${separator}limit=${PAGE_LIMIT}&page=1`);
    let page = 1;
    while (url) {
      const { body, headers } = await this.get(url);
      const items = Array.isArray(body) ? (body as T[]) : [];
      if (page === 1 && onTotal) {
        const total = Number(headers.get("x-app-page-result-count") ?? Number.NaN);
        if (Number.isFinite(total)) onTotal(total);
      }
      yield* items;
      const link = headers.get("link");
      const linked = nextLink(link);
      page += 1;
      // A server that sends Link headers says where the next page is, and that there is none.
      if (link !== null) url = linked && items.length > 0 ? new URL(linked, url).toString() : null;
      else if (items.length < PAGE_LIMIT) url = null;
      else url = this.urlOf(`${path}${separator}limit=${PAGE_LIMIT}&page=${page}`);
    }
  }
}
