import type { FastifyInstance } from "fastify";

/** How many (page, encoding) pairs remember when their current body was first sent. */
const DEFAULT_MAX_ENTRIES = 5000;

/**
 * When each guest page's current body was first sent, by URL and encoding: the page's Last-Modified. A page's
 * body is rendered (or taken from the guest cache) on every request and identified by its ETag; while the ETag
 * stays the same, the date stays too; a new body gets a new date, at least a second after the previous one
 * (HTTP dates have whole seconds), so a client holding an older body is never told it is current.
 */
export class PageDates {
  private readonly entries = new Map<string, { etag: string; since: number }>();

  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES) {}

  /** The page's Last-Modified (ms, a whole second) for the body identified by `etag`. */
  dateFor(key: string, etag: string, now = Date.now()): number {
    const previous = this.entries.get(key);
    if (previous?.etag === etag) return previous.since;
    const second = Math.floor(now / 1000) * 1000;
    const since = previous ? Math.max(second, previous.since + 1000) : second;
    this.entries.delete(key);
    this.entries.set(key, { etag, since });
    // Oldest first in a Map: the least recently changed page goes.
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return since;
  }
}

/**
 * `Last-Modified` beside the ETag on the pages guests read, and 304 to `If-Modified-Since` when the body has
 * not changed since that date (an `If-None-Match` takes precedence, as HTTP says). A member's page carries
 * their own state (reactions, bookmarks, counts), so it gets the ETag alone. Register after the ETag plugin.
 */
export function registerLastModified(app: FastifyInstance, dates = new PageDates()): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") return payload;
    if (!request.viewer?.isGuest) return payload;
    if (reply.statusCode !== 200 && reply.statusCode !== 304) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return payload;
    const etag = reply.getHeader("etag");
    if (typeof etag !== "string") return payload;
    const since = dates.dateFor(`${request.contentEncoding} ${request.url}`, etag);
    void reply.header("Last-Modified", new Date(since).toUTCString());
    const ifModifiedSince = request.headers["if-modified-since"];
    if (reply.statusCode !== 200 || request.headers["if-none-match"] !== undefined || !ifModifiedSince)
      return payload;
    const clientDate = Date.parse(ifModifiedSince);
    if (Number.isNaN(clientDate) || clientDate < since) return payload;
    void reply.code(304);
    return "";
  });
}
