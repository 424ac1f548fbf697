import { randomUUID } from "node:crypto";
import { dependsOn } from "./recordNames";

/** A cache as the layer knows it: what it holds, what it depends on, and how to retire it. */
export interface CacheDefinition {
  /** How docs/caching.md and the logs call it. */
  name: string;
  /** Record names or patterns (`discussion:*`, `public`, `*`): see `dependsOn` in recordNames.ts. */
  dependsOn: readonly string[];
  /**
   * `everywhere` (the default): retired by writes of this process and of others. `elsewhere`: only by writes of
   * other processes, for caches the writing code already refreshes itself (the grants, the settings).
   */
  scope?: "everywhere" | "elsewhere";
  /** Drops what it holds or marks it stale: quick, never throws. */
  retire(): void;
  /**
   * For a cache that is also read without waiting (the settings' `peek`): reads again after a write of this
   * process retired it, before the write's answer leaves, so the writer's next request sees what it wrote.
   */
  reload?(): Promise<void>;
}

/** How the names of a write reach the other processes on the same database. */
export interface ChangeTransport {
  /** Sends after commit; resolves once the other processes can see the names (best effort on PostgreSQL). */
  send(names: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** A change of anything: what another SQLite process's write means (its names do not travel). */
export const EVERYTHING = "*";

/**
 * The one cache layer of a process: every cache is defined here with the records it depends on, and a write
 * retires only those that depend on what it changed, here at once and in the other processes through the
 * transport (the live bus on PostgreSQL, SQLite's data version). Expiry stays as a safety net only.
 */
export class CacheLayer {
  private readonly definitions: CacheDefinition[] = [];
  private transport: ChangeTransport | null = null;
  private memberGeneration = 0;
  /** Tells this process's messages apart from the others' on a shared bus. */
  readonly origin = randomUUID();

  constructor() {
    this.define({
      name: "member state",
      dependsOn: ["*"],
      retire: () => {
        this.memberGeneration += 1;
      },
    });
  }

  /**
   * The generation of what is kept for one member (who they are, their title bar, read marks, display
   * choices): any write, a member's own included, starts a new one.
   */
  get memberVersion(): number {
    return this.memberGeneration;
  }

  define(definition: CacheDefinition): void {
    this.definitions.push(definition);
  }

  /** The caches defined, in order (for the docs and tests). */
  get defined(): readonly CacheDefinition[] {
    return this.definitions;
  }

  useTransport(transport: ChangeTransport): void {
    this.transport = transport;
  }

  /** Retires the caches of this process that depend on one of `names`. */
  retire(names: readonly string[], elsewhere = false): void {
    if (names.length === 0) return;
    for (const definition of this.definitions) {
      if (!elsewhere && definition.scope === "elsewhere") continue;
      if (affectedBy(definition, names)) definition.retire();
    }
  }

  /**
   * After a write committed: retires what depends on `names` here, reloads the caches that reload (whatever
   * their scope: the writing code expired them), then retires in every other process.
   */
  async publish(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    this.retire(names);
    const reloads: Promise<void>[] = [];
    for (const definition of this.definitions)
      if (definition.reload && affectedBy(definition, names)) reloads.push(definition.reload());
    await Promise.all(reloads);
    await this.transport?.send(names);
  }

  /** Names received from another process. */
  received(names: readonly string[]): void {
    this.retire(names, true);
  }

  async close(): Promise<void> {
    await this.transport?.close();
    this.transport = null;
  }
}

function affectedBy(definition: CacheDefinition, names: readonly string[]): boolean {
  return (
    names.includes(EVERYTHING) ||
    names.some((name) => definition.dependsOn.some((pattern) => dependsOn(pattern, name)))
  );
}
