import type { Db, DbOrTx } from "../db/database";
import { nowIso } from "../http/dates";
import { readWithoutQueue } from "../db/readWithoutQueue";
import { allSettingDefinitions, getSettingDefinition } from "./settingsRegistry";

/** Stored overrides are re-read at most this often, so several processes agree within a second. */
const CACHE_MILLISECONDS = 1000;

/** Settings: defaults in code, overridden by values stored through `PATCH /config`. */
export class SettingsStore {
  private overrides = new Map<string, unknown>();
  private loadedAt = 0;
  /** Bumped by every write and expiry: a read that began before one is not fresh when it ends. */
  private changes = 0;
  /** Reads begun, and the latest begun of those applied: an earlier read that ends later is dropped. */
  private readsBegun = 0;
  private readApplied = 0;
  private allValues: {
    overrides: Map<string, unknown>;
    count: number;
    values: Readonly<Record<string, unknown>>;
  } | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Re-reads the stored values. Safe inside a transaction (a `get` there may find its entry expired): it reads
   * without waiting for the connection the transaction holds (`readWithoutQueue`).
   */
  async refresh(): Promise<void> {
    const read = (this.readsBegun += 1);
    const changesBefore = this.changes;
    const rows = await readWithoutQueue(this.db, this.db.selectFrom("configValues").select(["key", "value"]));
    if (read < this.readApplied) return;
    this.readApplied = read;
    this.overrides = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
    // A write or an expiry while this read was out may be missing from it: the next read reads again.
    this.loadedAt = this.changes === changesBefore ? Date.now() : 0;
  }

  /** The next read re-reads the stored values (another process changed them). */
  expire(): void {
    this.changes += 1;
    this.loadedAt = 0;
  }

  /**
   * Reads again only when a write or an expiry came since the last read (a write that named nothing touched no
   * setting, most likely): what the cache layer runs after this process's writes.
   */
  async reloadIfChanged(): Promise<void> {
    if (this.loadedAt === 0) await this.refresh();
  }

  private async fresh(): Promise<void> {
    if (Date.now() - this.loadedAt > CACHE_MILLISECONDS) await this.refresh();
  }

  /** Current value (override or default). Throws for an undefined key: a typo must not read as `undefined`. */
  async get<T = unknown>(key: string): Promise<T> {
    await this.fresh();
    return this.peek<T>(key);
  }

  /** The value from the last refresh, without touching the database. */
  peek<T = unknown>(key: string): T {
    const definition = getSettingDefinition(key);
    if (!definition) throw new Error(`Unknown setting "${key}".`);
    const value = this.overrides.has(key) ? this.overrides.get(key) : definition.default;
    return (definition.derive ? definition.derive(value, (other) => this.peek(other)) : value) as T;
  }

  /**
   * Every setting's current value. One object per refresh (and set of definitions), shared by the callers: read
   * it, never change it.
   */
  async all(): Promise<Readonly<Record<string, unknown>>> {
    await this.fresh();
    const definitions = allSettingDefinitions();
    if (this.allValues?.overrides !== this.overrides || this.allValues.count !== definitions.length) {
      const values = Object.fromEntries(
        definitions.map((definition) => [definition.key, this.peek(definition.key)]),
      );
      this.allValues = { overrides: this.overrides, count: definitions.length, values };
    }
    return this.allValues.values;
  }

  async write(db: DbOrTx, values: Record<string, unknown>, userID: number): Promise<void> {
    const now = nowIso();
    for (const [key, value] of Object.entries(values)) {
      const row = { key, value: JSON.stringify(value), dateUpdated: now, updateUserID: userID };
      await db
        .insertInto("configValues")
        .values(row)
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({ value: row.value, dateUpdated: now, updateUserID: userID }),
        )
        .execute();
    }
    this.expire();
  }
}
