import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BoundedMap } from "../cache/boundedMap";
import type { MemoryBudget } from "../cache/memoryBudget";
import { ownSizedBuffer } from "../cache/keptBytes";

/**
 * A micro-cache of whole responses for guests (the anonymous cache of large forums): a guest's GET of an
 * allowed route is rendered at most once per `seconds` per URL; a write that changed anything public, in this
 * process or another on the same database, empties it before its answer leaves (library/server/cache).
 * Signed-in members, bearer tokens and responses that set cookies are never cached.
 */
export interface GuestCacheOptions {
  seconds: number;
  maxEntries: number;
  maxBytes: number;
  /** What all of the process's caches may keep together. */
  budget?: MemoryBudget;
}

interface Entry {
  expires: number;
  version: number;
  payload: string | Buffer;
  headers: Record<string, string>;
}

const KEPT_HEADERS = [
  "content-type",
  "content-encoding",
  "vary",
  "cache-control",
  "link",
  "access-control-expose-headers",
  "x-app-page-current",
  "x-app-page-limit",
  "x-app-page-result-count",
  "x-app-page-first-url",
  "x-app-page-prev-url",
  "x-app-page-next-url",
  "x-app-page-last-url",
];

export class GuestCache {
  private readonly entries: BoundedMap<Entry>;
  private readonly routes = new Set<string>();
  private readonly hitListeners = new Map<string, ((request: FastifyRequest) => void)[]>();
  private readonly varyCookies = new Set<string>();
  private version = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly options: GuestCacheOptions) {
    this.entries = new BoundedMap(options, options.budget);
  }

  get enabled(): boolean {
    return this.options.seconds > 0;
  }

  /** Route patterns (as registered, e.g. `/api/v2/discussions`, `/discussion/:discussionID`) guests may be served from cache. */
  allowRoutes(patterns: readonly string[]): void {
    for (const pattern of patterns) this.routes.add(pattern);
  }

  /**
   * Tells `listener` of each answer served from the cache for one of these route patterns (the handler does not
   * run then): counting views, for instance. A listener must be quick and must not throw.
   */
  onHit(patterns: readonly string[], listener: (request: FastifyRequest) => void): void {
    for (const pattern of patterns)
      this.hitListeners.set(pattern, [...(this.hitListeners.get(pattern) ?? []), listener]);
  }

  /** Cookies that change a guest's page (a guest's display choice): their values become part of the key. */
  varyByCookie(name: string): void {
    this.varyCookies.add(name);
  }

  /** Runs the hit listeners of the request's route. */
  notifyHit(request: FastifyRequest): void {
    for (const listener of this.hitListeners.get(request.routeOptions.url ?? "") ?? []) listener(request);
  }

  /** Everything cached is stale: called by the cache layer after a write that changed anything public. */
  invalidate(): void {
    this.version += 1;
    this.entries.clear();
  }

  keyFor(request: FastifyRequest): string | null {
    if (!this.enabled || request.method !== "GET" || !request.viewer?.isGuest || request.bearerAuth)
      return null;
    // One entry per encoding: the cache keeps compressed bytes, so a hit costs no compression.
    const encoding = request.contentEncoding ?? "identity";
    const variant = [...this.varyCookies].map((name) => request.cookies[name] ?? "").join("|");
    return this.routes.has(request.routeOptions.url ?? "")
      ? // The address asked for: a site section's `/fr/` is routed as `/` but is another page.
        `${request.host}${request.originalUrl}|${encoding}|${variant}`
      : null;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now() || entry.version !== this.version) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The generation a request starts in: a response rendered across a write is not stored. */
  get currentVersion(): number {
    return this.version;
  }

  /**
   * Stores a response rendered in generation `renderedIn`; if a write happened since the request started (its
   * reads may predate the write), the response is not stored at all.
   */
  set(
    key: string,
    payload: string | Buffer,
    headers: Record<string, string>,
    renderedIn = this.version,
  ): void {
    if (renderedIn !== this.version) return;
    const kept = typeof payload === "string" ? payload : ownSizedBuffer(payload);
    const bytes = typeof kept === "string" ? Buffer.byteLength(kept) : kept.length;
    const now = Date.now();
    const expires = now + this.options.seconds * 1000;
    this.entries.set(
      key,
      { expires, version: this.version, payload: kept, headers },
      { keepUntil: expires, bytes },
      now,
    );
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.entries.size;
  }
}

declare module "fastify" {
  interface FastifyRequest {
    guestCacheKey: string | null;
    /** The cache generation when the request started. */
    guestCacheVersion: number;
  }
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === "string") headers[name] = value;
    else if (typeof value === "number") headers[name] = String(value);
  }
  return headers;
}

/** The hooks: run after the viewer is known (register after the session hook). */
export function registerGuestCache(app: FastifyInstance, cache: GuestCache): void {
  app.decorateRequest("guestCacheKey", null);
  app.decorateRequest("guestCacheVersion", 0);

  app.addHook("onRequest", async (request, reply) => {
    request.guestCacheVersion = cache.currentVersion;
    const key = cache.keyFor(request);
    if (!key) return;
    const entry = cache.get(key);
    if (!entry) {
      cache.misses += 1;
      request.guestCacheKey = key;
      return;
    }
    cache.hits += 1;
    cache.notifyHit(request);
    return (
      reply
        .code(200)
        // Object.assign, not a leading spread with a new field: docs/performance.md.
        .headers(Object.assign({}, entry.headers, { "x-guest-cache": "hit" }))
        .send(entry.payload)
    );
  });

  // Writes empty it through the cache layer (library/server/cache), registered before these hooks.
  app.addHook("onSend", async (request, reply, payload) => {
    const key = request.guestCacheKey;
    if (
      key &&
      reply.statusCode === 200 &&
      !reply.hasHeader("set-cookie") &&
      (typeof payload === "string" || Buffer.isBuffer(payload))
    ) {
      cache.set(key, payload, keptHeaders(reply), request.guestCacheVersion);
    }
    return payload;
  });
}
