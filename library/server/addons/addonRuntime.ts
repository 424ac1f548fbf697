import type { Addon, AddonState } from "@forum/api/addons";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database";
import { errorText } from "../errors/errorMessage";
import { ConflictError, NotFoundError } from "../errors/httpErrors";
import { nowIso } from "../http/dates";
import type { AddonManifest } from "./addonManifest";
import { migrateAddon } from "./addonMigrations";
import type { AddonDefinition } from "./defineAddon";
import "./addonTables";

/** One application or add-on as the platform runs it. */
export interface AddonEntry {
  manifest: AddonManifest;
  definition: AddonDefinition | null;
  /** Core applications are always on and cannot be disabled. */
  core: boolean;
  /** Set when loading, migrating or registering threw. */
  error: string | null;
  /** The error is a migration's: enabling the add-on again runs its migrations again, without a restart. */
  retryable?: boolean;
}

/**
 * The add-ons of one app and whether each runs. The administrator's choice lives in the `addons` table, so every
 * process on one database agrees: each re-reads it every `refreshSeconds` (and at once after its own change).
 * `isActive(owner)` is what every registry asks before it serves an add-on's route, widget, job or counter.
 */
export class AddonRuntime {
  private readonly entries = new Map<string, AddonEntry>();
  private enabled = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners: (() => void)[] = [];
  /** Add-ons whose migrations ran in this process; the others migrate when they are (first seen) enabled. */
  private readonly migrated = new Set<string>();
  private readonly migrating = new Map<string, Promise<void>>();
  private migrates = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(entry: AddonEntry): void {
    this.entries.set(entry.manifest.key, entry);
  }

  get(key: string): AddonEntry | undefined {
    return this.entries.get(key);
  }

  list(): AddonEntry[] {
    return [...this.entries.values()];
  }

  /** Marks an add-on failed: it stops running, and `GET /addons` and the dashboard show why. */
  fail(key: string, error: unknown, retryable = false): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.error = errorText(error);
    entry.retryable = retryable;
    this.log.error({ err: error }, `The ${key} add-on failed to load and was skipped: ${entry.error}`);
  }

  /** Called whenever the set of running add-ons may have changed (caches, clients). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  state(key: string): AddonState {
    const entry = this.entries.get(key);
    if (!entry) return "disabled";
    if (entry.core) return entry.error ? "failed" : "enabled";
    if (!this.enabled.has(key)) return "disabled";
    return entry.error ? "failed" : "enabled";
  }

  /** Whether the add-on failed (to load, migrate or register), enabled or not: its settings and permissions are not offered. */
  failed(key: string): boolean {
    return Boolean(this.entries.get(key)?.error);
  }

  /** Whether what `owner` registered runs now ("core" and unknown owners such as core features always do). */
  isActive = (owner: string): boolean => {
    const entry = this.entries.get(owner);
    if (!entry) return true;
    return this.state(owner) === "enabled";
  };

  /** Keys of the add-ons that run now, for the page bootstrap (the client loads their code). */
  activeKeys(): string[] {
    return this.list()
      .filter((entry) => !entry.core && this.isActive(entry.manifest.key))
      .map((entry) => entry.manifest.key);
  }

  /** From now on each add-on runs its migrations when it is enabled (at start, or later from any process). */
  migrateOnEnable(): void {
    this.migrates = true;
  }

  /**
   * Runs an add-on's migrations (once per process; again after a failure). A failure keeps the migration's name
   * and the database's message and marks the add-on failed; the transaction leaves nothing half-made.
   */
  private migrate(entry: AddonEntry): Promise<void> {
    const key = entry.manifest.key;
    const migrations = entry.definition?.migrations;
    if (!this.migrates || entry.core || this.migrated.has(key) || !migrations) return Promise.resolve();
    if (entry.error && !entry.retryable) return Promise.resolve();
    const running =
      this.migrating.get(key) ??
      migrateAddon(this.db, key, migrations)
        .then(() => {
          this.migrated.add(key);
          if (entry.error) {
            entry.error = null;
            entry.retryable = false;
            for (const listener of this.listeners) listener();
          }
        })
        .catch((error: unknown) => this.fail(key, error, true))
        .finally(() => this.migrating.delete(key));
    this.migrating.set(key, running);
    return running;
  }

  /** Reads the administrator's choices; add-ons without a row use their manifest's default. */
  async refresh(): Promise<void> {
    const rows = await this.db.selectFrom("addons").select(["key", "enabled"]).execute();
    const stored = new Map(rows.map((row) => [row.key, row.enabled === 1]));
    const next = new Set<string>();
    for (const entry of this.entries.values())
      if (!entry.core && (stored.get(entry.manifest.key) ?? entry.manifest.defaultEnabled))
        next.add(entry.manifest.key);
    const changed = next.size !== this.enabled.size || [...next].some((key) => !this.enabled.has(key));
    this.enabled = next;
    // An add-on enabled here or by another process migrates before its first use (a failed one waits for a retry).
    for (const key of next) {
      const entry = this.entries.get(key);
      if (entry && !entry.error) await this.migrate(entry);
    }
    if (changed) for (const listener of this.listeners) listener();
  }

  /** Re-reads the stored state every few seconds, so a change made by another process applies here too. */
  startRefreshing(seconds: number): void {
    if (this.timer || seconds <= 0) return;
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.log.warn({ err: error }, "Could not re-read the add-on states; keeping the last ones."),
      );
    }, seconds * 1000);
    this.timer.unref();
  }

  stopRefreshing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Enables (with every add-on it requires, first) or disables an add-on. Returns the keys whose state changed.
   * Enabling runs the migrations of what it enables; enabling an add-on whose migration failed runs it again
   * (the retry). Refused with 409: a core application, a requirement that failed to load or is missing, a
   * conflict, or disabling an add-on that an enabled one requires.
   */
  async setEnabled(key: string, enabled: boolean, userID: number | null): Promise<string[]> {
    const entry = this.entries.get(key);
    if (!entry) throw new NotFoundError("Addon");
    if (entry.core)
      throw new ConflictError(`${entry.manifest.name} is part of the core and cannot be disabled.`);
    const keys = enabled ? this.enableOrder(key) : this.checkDisable(key);
    const changed = keys.filter((candidate) => this.enabled.has(candidate) !== enabled);
    const retried = enabled ? keys.filter((candidate) => this.entries.get(candidate)?.retryable) : [];
    if (changed.length === 0) {
      for (const candidate of retried) await this.retry(candidate);
      return retried;
    }
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      for (const candidate of changed) {
        const values = { enabled: enabled ? 1 : 0, updateUserID: userID, dateUpdated: now };
        const updated = await trx
          .updateTable("addons")
          .set(values)
          .where("key", "=", candidate)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0)
          await trx
            .insertInto("addons")
            .values({ key: candidate, seededPermissions: "[]", ...values })
            .execute();
      }
    });
    await this.refresh();
    for (const candidate of retried) await this.retry(candidate);
    return [...new Set([...changed, ...retried])];
  }

  private async retry(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry?.retryable) await this.migrate(entry);
  }

  /** Requirements first (depth first), then the add-on itself. */
  private enableOrder(key: string, seen = new Set<string>()): string[] {
    if (seen.has(key)) return [];
    seen.add(key);
    const entry = this.entries.get(key);
    if (!entry) throw new ConflictError(`The required add-on "${key}" is not installed.`);
    if (entry.error && !entry.retryable)
      throw new ConflictError(`${entry.manifest.name} failed to load: ${entry.error}`);
    if (entry.core) return [];
    for (const conflict of entry.manifest.conflicts)
      if (this.isActive(conflict) && this.entries.has(conflict))
        throw new ConflictError(
          `${entry.manifest.name} conflicts with ${this.entries.get(conflict)?.manifest.name ?? conflict}.`,
        );
    return [...entry.manifest.requires.flatMap((required) => this.enableOrder(required, seen)), key];
  }

  private checkDisable(key: string): string[] {
    const dependents = this.list().filter(
      (other) => this.enabled.has(other.manifest.key) && other.manifest.requires.includes(key),
    );
    if (dependents.length > 0)
      throw new ConflictError(
        `${this.entries.get(key)?.manifest.name ?? key} is required by ${dependents
          .map((other) => other.manifest.name)
          .join(", ")}; disable ${dependents.length === 1 ? "it" : "them"} first.`,
      );
    return [key];
  }

  /** API.md 21 `Addon`. */
  present(entry: AddonEntry): Addon {
    const { manifest } = entry;
    const state = this.state(manifest.key);
    // A failed add-on offers no settings or permissions (the forms and the role editor leave them out).
    const definition = entry.error ? null : entry.definition;
    const requirement = (key: string) => {
      const other = this.entries.get(key)?.manifest;
      return { addonID: key, key, name: other?.name ?? key, type: other?.type ?? "addon", constraint: "*" };
    };
    return {
      addonID: manifest.key,
      key: manifest.key,
      name: manifest.name,
      type: manifest.type,
      description: manifest.description,
      iconUrl: manifest.icon ? `/plugins/${manifest.key}/${manifest.icon}` : "",
      version: manifest.version,
      enabled: entry.core || this.enabled.has(manifest.key),
      state,
      ...(entry.error ? { error: entry.error } : {}),
      ...(entry.error && entry.retryable ? { canRetry: true } : {}),
      canDisable: !entry.core,
      require: manifest.requires.map(requirement),
      conflict: manifest.conflicts.map(requirement),
      settings: Object.entries(definition?.settings ?? {}).map(([key, setting]) => ({
        key,
        type: setting.type,
        label: setting.label,
        ...(setting.description ? { description: setting.description } : {}),
        default: setting.default,
        ...(setting.options ? { options: setting.options } : {}),
      })),
      permissions: Object.entries(definition?.permissions ?? {}).map(([name, permission]) => ({
        name,
        label: permission.label,
        defaultRoles: permission.default ? [permission.default] : [],
      })),
    };
  }
}
