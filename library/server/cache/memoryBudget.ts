/** A store whose entries a memory budget can make room from. */
export interface BudgetedStore {
  readonly bytes: number;
  /** Drops its least recently used entry: the bytes freed, 0 when it had none. */
  dropOldest(): number;
  /** Drops every entry past its time: the bytes freed. */
  dropExpired(now?: number): number;
}

/** How often a process's caches let go of what is past its time (ms). */
export const DROP_EXPIRED_EVERY_MS = 5000;

/**
 * The bytes all of a process's answer caches may keep together (`CACHE_MEMORY_MB`): each cache has limits of its
 * own, sized for its purpose, which add up to more than a small server should hold at once. When a kept entry
 * takes the total past the budget, the largest caches give up their least recently used entries until it fits.
 */
export class MemoryBudget {
  private readonly stores = new Set<BudgetedStore>();

  constructor(readonly maxBytes: number) {}

  add(store: BudgetedStore): void {
    this.stores.add(store);
  }

  /** The bytes all stores keep now. */
  get bytes(): number {
    let total = 0;
    for (const store of this.stores) total += store.bytes;
    return total;
  }

  /** Drops what is past its time in every store: the bytes freed. */
  dropExpired(now = Date.now()): number {
    let freed = 0;
    for (const store of this.stores) freed += store.dropExpired(now);
    return freed;
  }

  /**
   * Drops what is past its time every `everyMs` until the returned function is called: memory held for dead
   * answers goes back within seconds when the traffic moves on, not when the limits push it out.
   */
  dropExpiredEvery(everyMs = DROP_EXPIRED_EVERY_MS): () => void {
    const timer = setInterval(() => this.dropExpired(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Drops entries from the largest stores until all fit in the budget. */
  enforce(): void {
    let total = this.bytes;
    while (total > this.maxBytes) {
      let largest: BudgetedStore | undefined;
      for (const store of this.stores) if (!largest || store.bytes > largest.bytes) largest = store;
      const freed = largest?.dropOldest() ?? 0;
      if (freed === 0) return;
      total -= freed;
    }
  }
}
