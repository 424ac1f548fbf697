import { BoundedMap, type BoundedMapLimits } from "../cache/boundedMap";
import type { CacheLayer } from "../cache/cacheLayer";
import type { MemoryBudget } from "../cache/memoryBudget";
import type { ServerConfig } from "../config/config";
import type { GrantSnapshot } from "../permissions/roleGrants";
import type { Viewer } from "../permissions/viewer";
import type { GuestCache } from "./guestCache";

/** What the terms of the shared caches read from the app context. */
export interface SharedCacheTermsContext {
  config: Pick<ServerConfig, "sharedPageSeconds">;
  guestCache: Pick<GuestCache, "currentVersion">;
  caches: Pick<CacheLayer, "memberVersion">;
}

/**
 * Responses (or their parts) made once for every member with the same roles and reused for `seconds`: an entry is
 * dropped when it expires, when the grants change, and when its generation changed (a write it depends on, in
 * this process or another: library/server/cache), so an acknowledged write is in the next answer. Least recently used
 * entries go first past the size limits.
 */
export type SharedCacheLimits = BoundedMapLimits;

/**
 * When a value made on a miss is kept: `always`, or `askedAgain`: only for a key asked before within the time
 * its entry would live (`seconds`, plus `staleSeconds`), so the entry would have answered that earlier ask. A
 * cache of large values read at random (a page among thousands, read once in its few seconds) then keeps the
 * pages readers come back to, not a churn of entries that die unread: under the community bench those filled the
 * old generation of the heap, 21–25 MB of one process's peak RSS, for no measurable CPU.
 */
export type SharedCacheAdmission = "always" | "askedAgain";

/** How many keys' last asks `askedAgain` remembers, per entry the cache may keep. */
const ASKS_PER_ENTRY = 4;

interface Stored<T> {
  value: T;
  expires: number;
  generation: number;
  grants: GrantSnapshot;
}

export class SharedCache<T> {
  private readonly entries: BoundedMap<Stored<T>>;
  private readonly making = new Map<
    string,
    { generation: number; grants: GrantSnapshot; value: Promise<T> }
  >();

  /** With `askedAgain`: each key's last ask (ms), the oldest first, none older than the window nor past the cap. */
  private readonly lastAsked = new Map<string, number>();
  private readonly maxAsks: number;

  constructor(
    limits: SharedCacheLimits,
    budget?: MemoryBudget,
    private readonly admission: SharedCacheAdmission = "always",
  ) {
    this.entries = new BoundedMap(limits, budget);
    this.maxAsks = limits.maxEntries * ASKS_PER_ENTRY;
  }

  /** Notes this ask of `key`; whether it was asked before within `windowMs` (a kept entry would have answered). */
  private askedAgain(key: string, now: number, windowMs: number): boolean {
    if (this.admission === "always") return true;
    const previous = this.lastAsked.get(key);
    this.lastAsked.delete(key);
    this.lastAsked.set(key, now);
    for (const [oldest, at] of this.lastAsked) {
      if (now - at <= windowMs && this.lastAsked.size <= this.maxAsks) break;
      this.lastAsked.delete(oldest);
    }
    return previous !== undefined && now - previous <= windowMs;
  }

  get(key: string, generation: number, grants: GrantSnapshot): T | undefined {
    const entry = this.current(key, generation, grants);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The entry made in this generation under these grants (most recently used now), expired or not. */
  private current(key: string, generation: number, grants: GrantSnapshot): Stored<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || entry.grants !== grants) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps `value`, made in generation `madeIn`: made across a write (its reads may predate it), it is not kept. */
  set(
    key: string,
    value: T,
    entry: {
      seconds: number;
      staleSeconds?: number;
      madeIn: number;
      generation: number;
      grants: GrantSnapshot;
      bytes: number;
    },
  ): void {
    if (entry.madeIn !== entry.generation) return;
    const now = Date.now();
    const expires = now + entry.seconds * 1000;
    this.entries.set(
      key,
      { value, expires, generation: entry.generation, grants: entry.grants },
      // Past its stale time (`staleSeconds`) it is never answered again.
      { keepUntil: expires + (entry.staleSeconds ?? 0) * 1000, bytes: entry.bytes },
      now,
    );
  }

  /** How many entries are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The kept value, or one made now by `make`; requests that arrive while it is being made wait for the same
   * one (under load, an expired entry is made once, not once per waiting request).
   *
   * With `staleSeconds`, an entry expired for less than that is still answered while one new value is made in
   * the background, so no request waits for a slow remake (a search on a large forum). Only its age is
   * forgiven: a write of this process or a change of grants still drops it at once.
   *
   * `make` is told whether its value will be kept: one that only answers the requests waiting for it need not
   * be shaped for a long stay in the heap.
   */
  async getOrMake(
    key: string,
    current: { seconds: number; staleSeconds?: number; generation: () => number; grants: GrantSnapshot },
    make: (kept: boolean) => Promise<{ value: T; bytes: number }>,
  ): Promise<T> {
    const madeIn = current.generation();
    const entry = this.current(key, madeIn, current.grants);
    const now = Date.now();
    const keep = this.askedAgain(key, now, (current.seconds + (current.staleSeconds ?? 0)) * 1000);
    if (entry && entry.expires >= now) return entry.value;
    const pending = this.making.get(key);
    const waiting =
      pending && pending.generation === madeIn && pending.grants === current.grants ? pending.value : null;
    if (entry && entry.expires + (current.staleSeconds ?? 0) * 1000 >= now) {
      if (!waiting) this.start(key, madeIn, current, make, true).catch(() => this.entries.delete(key));
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    return waiting ?? this.start(key, madeIn, current, make, keep);
  }

  private start(
    key: string,
    madeIn: number,
    current: { seconds: number; staleSeconds?: number; generation: () => number; grants: GrantSnapshot },
    make: (kept: boolean) => Promise<{ value: T; bytes: number }>,
    keep: boolean,
  ): Promise<T> {
    const value = make(keep).then(({ value: made, bytes }) => {
      if (!keep) return made;
      this.set(key, made, {
        seconds: current.seconds,
        ...(current.staleSeconds === undefined ? {} : { staleSeconds: current.staleSeconds }),
        madeIn,
        generation: current.generation(),
        grants: current.grants,
        bytes,
      });
      return made;
    });
    const entry = { generation: madeIn, grants: current.grants, value };
    this.making.set(key, entry);
    const settled = () => {
      if (this.making.get(key) === entry) this.making.delete(key);
    };
    value.then(settled, settled);
    return value;
  }
}

/** One cache per app context and purpose, within the context's memory budget for caches. */
export function sharedCacheFor<T>(
  owners: WeakMap<object, SharedCache<T>>,
  context: { cacheBudget?: MemoryBudget },
  limits: SharedCacheLimits,
  admission: SharedCacheAdmission = "always",
): SharedCache<T> {
  let cache = owners.get(context);
  if (!cache) {
    cache = new SharedCache<T>(limits, context.cacheBudget, admission);
    owners.set(context, cache);
  }
  return cache;
}

/**
 * The terms of the members' shared pages (`sharedPageSeconds`, retired by a write that changed anything public,
 * in this process or another, or by a change of grants).
 */
export function sharedPageTerms(
  context: SharedCacheTermsContext,
  viewer: Viewer,
): { seconds: number; generation: () => number; grants: GrantSnapshot } {
  return {
    seconds: context.config.sharedPageSeconds,
    generation: () => context.guestCache.currentVersion,
    grants: viewer.grantSnapshot,
  };
}

/**
 * The terms of what is kept for one member between their pages (who they are, their title bar, their reading
 * marks, their reply display): as long as the shared pages, retired by any write, a member's own included.
 */
export function memberStateTerms(
  context: SharedCacheTermsContext,
  viewer: Viewer,
): { seconds: number; generation: () => number; grants: GrantSnapshot } {
  return {
    seconds: context.config.sharedPageSeconds,
    generation: () => context.caches.memberVersion,
    grants: viewer.grantSnapshot,
  };
}
