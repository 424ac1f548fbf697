import type { CacheLayer } from "./cacheLayer";

/** What a kept set of records is called, what retires it, and how much of it stays. */
export interface KeptRecordsOptions {
  /** How docs/caching.md and the logs call it. */
  name: string;
  /** Record names or patterns whose writes retire every kept record (cacheLayer.ts). */
  dependsOn: readonly string[];
  /** Past this many records, the longest kept go first. */
  maxEntries: number;
  /**
   * How long a record stays at most: what changes without a write that names it (a member's last activity,
   * written quietly at most every few minutes) is this much older at worst.
   */
  seconds: number;
}

interface Kept<V> {
  /** Null: the id has no record (kept too, so an unknown author is not read on every page). */
  value: V | null;
  until: number;
}

/**
 * Records by id (users, their ranks) read by many pages and changed by few writes: each is read once, kept, and
 * answered from memory until a write that names what it depends on retires them all, here or in another process
 * (the cache layer), or its seconds run out. A read that overlapped such a write keeps nothing: what it read may
 * predate the write. Callers present each request its own objects made from the kept values (which must not be
 * changed).
 */
export class KeptRecords<V> {
  private readonly entries = new Map<number, Kept<V>>();
  private generation = 0;

  constructor(
    layer: Pick<CacheLayer, "define">,
    private readonly options: KeptRecordsOptions,
  ) {
    layer.define({
      name: options.name,
      dependsOn: options.dependsOn,
      retire: () => {
        this.generation += 1;
        this.entries.clear();
      },
    });
  }

  /** How many records are kept now (absent ones included). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The records of `ids` that exist: the kept ones, and the others from one call of `read` with the ids it must
   * read (none: no call).
   */
  async getMany(
    ids: readonly number[],
    read: (missing: number[]) => Promise<ReadonlyMap<number, V>>,
  ): Promise<Map<number, V>> {
    const now = Date.now();
    const found = new Map<number, V>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.entries.get(id);
      if (kept === undefined || kept.until < now) missing.push(id);
      else if (kept.value !== null) found.set(id, kept.value);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const fresh = await read(missing);
    const keep = generation === this.generation;
    const until = now + this.options.seconds * 1000;
    for (const id of missing) {
      const value = fresh.get(id);
      if (value !== undefined) found.set(id, value);
      if (keep) this.keep(id, { value: value ?? null, until });
    }
    return found;
  }

  private keep(id: number, kept: Kept<V>): void {
    // Map order is insertion order: a record kept again goes last, and the first ones are the longest kept.
    this.entries.delete(id);
    this.entries.set(id, kept);
    if (this.entries.size <= this.options.maxEntries) return;
    for (const oldest of this.entries.keys()) {
      this.entries.delete(oldest);
      if (this.entries.size <= this.options.maxEntries) break;
    }
  }
}
