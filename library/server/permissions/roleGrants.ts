import type { Db } from "../db/database";
import { readWithoutQueue } from "../db/readWithoutQueue";

/** One role's grants: global names, and per resource ("category:12") its own set. */
export interface RoleGrants {
  global: Set<string>;
  resources: Map<string, Set<string>>;
}

export interface GrantSnapshot {
  byRole: Map<number, RoleGrants>;
  /** Resources with custom permissions, by resource type (API.md 4.2 `junctions`). */
  junctions: Map<string, Set<number>>;
  /** Resources that inherit another's permissions: type → (id → defining id). */
  junctionAliases: Map<string, Map<number, number>>;
  /** Role ids by role type (guest, member, ...). */
  rolesByType: Map<string, number[]>;
}

/**
 * A resource type such as categories says which of its ids have custom permissions (junctions: even when no
 * role holds any grant there, which is how a private category is made) and how the other ids map to the id
 * whose grants apply (aliases). It runs in the grant cache's refresh, possibly while a transaction is open:
 * it reads with `readWithoutQueue`.
 */
export interface ResourceJunctions {
  junctions: readonly number[];
  aliases: Map<number, number>;
}
export type JunctionProvider = (db: Db) => Promise<ResourceJunctions>;
const junctionProviders = new Map<string, JunctionProvider>();

export function registerJunctionProvider(resourceType: string, provider: JunctionProvider): void {
  junctionProviders.set(resourceType, provider);
}

export function resourceKey(type: string, id: number): string {
  return `${type}:${id}`;
}

/** Grants change rarely; every process re-reads them at most this often (and at once after a local change). */
const CACHE_MILLISECONDS = 2000;

export class GrantCache {
  private snapshot: GrantSnapshot | null = null;
  private signature = "";
  private loadedAt = 0;
  private loading: Promise<GrantSnapshot> | null = null;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.loadedAt = 0;
  }

  async get(): Promise<GrantSnapshot> {
    if (this.snapshot && Date.now() - this.loadedAt < CACHE_MILLISECONDS) return this.snapshot;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<GrantSnapshot> {
    const startedAt = Date.now();
    // Permission checks ask for the snapshot inside transactions too: the refresh reads without the queue.
    const [rows, roles] = await Promise.all([
      readWithoutQueue(
        this.db,
        this.db.selectFrom("rolePermissions").select(["roleID", "resourceType", "resourceID", "permission"]),
      ),
      readWithoutQueue(
        this.db,
        this.db.selectFrom("roles").select(["roleID", "type"]).orderBy("sort").orderBy("roleID"),
      ),
    ]);
    const byRole = new Map<number, RoleGrants>();
    const junctions = new Map<string, Set<number>>();
    for (const role of roles) byRole.set(role.roleID, { global: new Set(), resources: new Map() });
    for (const row of rows) {
      const grants = byRole.get(row.roleID);
      if (!grants) continue;
      if (row.resourceType === "global") {
        grants.global.add(row.permission);
        continue;
      }
      const key = resourceKey(row.resourceType, row.resourceID);
      const set = grants.resources.get(key) ?? new Set<string>();
      set.add(row.permission);
      grants.resources.set(key, set);
      const ids = junctions.get(row.resourceType) ?? new Set<number>();
      ids.add(row.resourceID);
      junctions.set(row.resourceType, ids);
    }
    const junctionAliases = new Map<string, Map<number, number>>();
    for (const [type, provider] of junctionProviders) {
      const resources = await provider(this.db);
      junctionAliases.set(type, resources.aliases);
      const ids = junctions.get(type) ?? new Set<number>();
      for (const id of resources.junctions) ids.add(id);
      junctions.set(type, ids);
    }
    const rolesByType = new Map<string, number[]>();
    for (const role of roles) {
      if (!role.type) continue;
      rolesByType.set(role.type, [...(rolesByType.get(role.type) ?? []), role.roleID]);
    }
    // The same grants keep the same snapshot object: what is cached per snapshot (viewers, shared pages) lives on
    // across the periodic re-read and is dropped only when the grants really change.
    const signature = JSON.stringify([
      rows,
      roles,
      [...junctionAliases].map(([type, aliases]) => [type, [...aliases]]),
      [...junctions].map(([type, ids]) => [type, [...ids]]),
    ]);
    if (!this.snapshot || signature !== this.signature)
      this.snapshot = { byRole, junctions, junctionAliases, rolesByType };
    this.signature = signature;
    this.loadedAt = startedAt;
    return this.snapshot;
  }
}
