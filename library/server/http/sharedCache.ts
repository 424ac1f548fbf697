import type { GrantSnapshot } from "../permissions/roleGrants";

/**
 * Responses (or their parts) made once for every member with the same roles and reused for `seconds`: an entry is
 * dropped when it expires, when the grants change, and when any write of this process happened since it was
 * made (the guest cache's generation), so an acknowledged write is in the next answer. Least recently used
 * entries go first past the size limits.
 */
export interface SharedCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

interface Stored<T> {
  value: T;
  expires: number;
  generation: number;
  grants: GrantSnapshot;
  bytes: number;
}

export class SharedCache<T> {
  private readonly entries = new Map<string, Stored<T>>();
  private readonly making = new Map<
    string,
    { generation: number; grants: GrantSnapshot; value: Promise<T> }
  >();
  private bytes = 0;

  constructor(private readonly limits: SharedCacheLimits) {}

  get(key: string, generation: number, grants: GrantSnapshot): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now() || entry.generation !== generation || entry.grants !== grants) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, made in generation `madeIn`: made across a write (its reads may predate it), it is not kept. */
  set(
    key: string,
    value: T,
    entry: { seconds: number; madeIn: number; generation: number; grants: GrantSnapshot; bytes: number },
  ): void {
    if (entry.madeIn !== entry.generation || entry.bytes > this.limits.maxBytes / 10) return;
    this.delete(key);
    this.entries.set(key, {
      value,
      expires: Date.now() + entry.seconds * 1000,
      generation: entry.generation,
      grants: entry.grants,
      bytes: entry.bytes,
    });
    this.bytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  /**
   * The kept value, or one made now by `make`; requests that arrive while it is being made wait for the same
   * one (under load, an expired entry is made once, not once per waiting request).
   */
  async getOrMake(
    key: string,
    current: { seconds: number; generation: () => number; grants: GrantSnapshot },
    make: () => Promise<{ value: T; bytes: number }>,
  ): Promise<T> {
    const madeIn = current.generation();
    const kept = this.get(key, madeIn, current.grants);
    if (kept !== undefined) return kept;
    const pending = this.making.get(key);
    if (pending && pending.generation === madeIn && pending.grants === current.grants) return pending.value;
    const value = make().then(({ value: made, bytes }) => {
      this.set(key, made, {
        seconds: current.seconds,
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

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}

/** One cache per app context and purpose. */
export function sharedCacheFor<T>(
  owners: WeakMap<object, SharedCache<T>>,
  context: object,
  limits: SharedCacheLimits,
): SharedCache<T> {
  let cache = owners.get(context);
  if (!cache) {
    cache = new SharedCache<T>(limits);
    owners.set(context, cache);
  }
  return cache;
}
