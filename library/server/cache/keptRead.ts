import type { CacheDefinition, CacheLayer } from "./cacheLayer";

/**
 * A value read on first use and kept in memory until a write it depends on retires it, here or in another
 * process (the cache layer); a read that fails is not kept. For what every page reads and only writes change:
 * the current theme, the stored layouts, the staff's role badges.
 */
export class KeptRead<T> {
  private pending: Promise<T> | null = null;

  constructor(
    layer: Pick<CacheLayer, "define">,
    definition: Pick<CacheDefinition, "name" | "dependsOn">,
    private readonly read: () => Promise<T>,
  ) {
    layer.define({
      ...definition,
      retire: () => {
        this.pending = null;
      },
    });
  }

  /** Whether the next `get` is answered from memory. */
  get holds(): boolean {
    return this.pending !== null;
  }

  get(): Promise<T> {
    const kept = this.pending;
    if (kept) return kept;
    const loading = this.read();
    this.pending = loading;
    loading.catch(() => {
      if (this.pending === loading) this.pending = null;
    });
    return loading;
  }
}
