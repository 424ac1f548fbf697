import type { MemoryBudget } from "./memoryBudget";

/** How many entries, and how many bytes of them, one map keeps at most. */
export interface BoundedMapLimits {
  maxEntries: number;
  maxBytes: number;
}

interface Kept<V> {
  value: V;
  /** Past this (ms since the epoch) the entry is never answered again: it goes when a later entry is kept. */
  keepUntil: number;
  bytes: number;
}

/**
 * Entries by key, least recently used first, within a count and a byte limit of their own and the memory budget
 * they share with the process's other caches. Keeping an entry first drops, from the least recently used on, what
 * is past its time (with entries kept seconds and limits in megabytes, a full cache was mostly dead answers), then
 * what the limits leave no room for. One entry larger than a tenth of the byte limit is not kept at all.
 *
 * The one store under the guest cache and the shared caches; what an entry means (its expiry, the generation it
 * was made in) is theirs.
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, Kept<V>>();
  private keptBytes = 0;

  constructor(
    private readonly limits: BoundedMapLimits,
    private readonly budget?: MemoryBudget,
  ) {
    budget?.add(this);
  }

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    // Map order is insertion order: re-inserted, it is the last to go.
    this.entries.delete(key);
    this.entries.set(key, kept);
    return kept.value;
  }

  /** Keeps `value` until `keepUntil` at most; false when it is too large to keep. */
  set(key: string, value: V, entry: { keepUntil: number; bytes: number }, now = Date.now()): boolean {
    this.delete(key);
    if (entry.bytes > this.limits.maxBytes / 10) return false;
    this.entries.set(key, { value, keepUntil: entry.keepUntil, bytes: entry.bytes });
    this.keptBytes += entry.bytes;
    for (const [oldest, kept] of this.entries) {
      const full = this.entries.size > this.limits.maxEntries || this.keptBytes > this.limits.maxBytes;
      if (!full && kept.keepUntil >= now) break;
      this.delete(oldest);
    }
    this.budget?.enforce();
    return true;
  }

  delete(key: string): void {
    const kept = this.entries.get(key);
    if (kept === undefined) return;
    this.keptBytes -= kept.bytes;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.keptBytes = 0;
  }

  /**
   * Drops every entry past its time, wherever it is in the order: the bytes freed. Keeping an entry drops only
   * the dead ones that come first, and a cache nobody keeps entries in any more (the pages of a traffic that
   * moved on) would hold its dead answers until the process ends.
   */
  dropExpired(now = Date.now()): number {
    let freed = 0;
    for (const [key, kept] of this.entries) {
      if (kept.keepUntil >= now) continue;
      this.delete(key);
      freed += kept.bytes;
    }
    return freed;
  }

  /** Drops the least recently used entry: the bytes it freed, 0 when there was none. */
  dropOldest(): number {
    for (const [oldest, kept] of this.entries) {
      this.delete(oldest);
      return kept.bytes;
    }
    return 0;
  }

  /** How many entries are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes its entries were said to take when kept. */
  get bytes(): number {
    return this.keptBytes;
  }
}
