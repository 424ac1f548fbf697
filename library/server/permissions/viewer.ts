import type { PermissionsResponse } from "@forum/api/users";
import { PermissionError } from "../errors/httpErrors";
import { withConsolidatedNames } from "./permissionNames";
import { resourceKey, type GrantSnapshot } from "./roleGrants";

export interface ViewerUser {
  userID: number;
  name: string;
  isAdmin: boolean;
  banned: boolean;
  emailConfirmed: boolean;
}

export interface ResourceRef {
  type: string;
  id: number;
}

/**
 * Who is asking, and what they may do. Built once per request from the user's roles and the cached grants;
 * the server enforces every permission through it (client checks are only for display).
 */
export class Viewer {
  readonly global: ReadonlySet<string>;

  constructor(
    readonly user: ViewerUser,
    readonly roleIDs: readonly number[],
    private readonly grants: GrantSnapshot,
    /** Set when the request is authenticated by the session cookie (the CSRF rule applies). */
    readonly sessionToken: string | null = null,
  ) {
    const global = new Set<string>();
    for (const roleID of roleIDs)
      for (const name of grants.byRole.get(roleID)?.global ?? []) global.add(name);
    if (user.userID === 0) global.delete("session.valid");
    this.global = global;
  }

  /** The grants this viewer was built from: a new object whenever roles or grants change. */
  get grantSnapshot(): GrantSnapshot {
    return this.grants;
  }

  get userID(): number {
    return this.user.userID;
  }

  get isGuest(): boolean {
    return this.user.userID === 0;
  }

  /**
   * Whether there is anything of this viewer's own to read (read marks, reactions, bookmarks): not for a guest,
   * nor for the member a shared rendering is made for (`SHARED_MEMBER_ID`, who owns nothing and read nothing).
   */
  get hasOwnState(): boolean {
    return this.user.userID > 0;
  }

  get isAdmin(): boolean {
    return this.user.isAdmin;
  }

  /** The id whose grants apply to a resource: its alias, if it inherits. */
  resolveResource(resource: ResourceRef): ResourceRef {
    const alias = this.grants.junctionAliases.get(resource.type)?.get(resource.id);
    return alias === undefined ? resource : { type: resource.type, id: alias };
  }

  /** Grants for one resource if it has custom permissions (a junction), else the global grants. */
  private grantsFor(resource: ResourceRef | undefined): ReadonlySet<string> {
    if (!resource) return this.global;
    const resolved = this.resolveResource(resource);
    if (!this.grants.junctions.get(resolved.type)?.has(resolved.id)) return this.global;
    const set = new Set<string>();
    const key = resourceKey(resolved.type, resolved.id);
    for (const roleID of this.roleIDs)
      for (const name of this.grants.byRole.get(roleID)?.resources.get(key) ?? []) set.add(name);
    return set;
  }

  /** True when the viewer holds any of the permissions (for a category: its own grants if it has custom ones). */
  has(permissions: string | readonly string[], resource?: ResourceRef): boolean {
    if (this.user.isAdmin) return true;
    const names = typeof permissions === "string" ? [permissions] : permissions;
    if (names.includes("session.valid") && this.isGuest) return false;
    const held = this.grantsFor(resource);
    return names.some((name) => held.has(name) || (name === "session.valid" && !this.isGuest));
  }

  /** Throws PermissionError (403) unless `has`. */
  require(permissions: string | readonly string[], resource?: ResourceRef): void {
    if (!this.has(permissions, resource)) {
      throw new PermissionError(typeof permissions === "string" ? [permissions] : permissions);
    }
  }

  /** Ids of resources of a type the viewer may see with a permission (custom junctions only). */
  resourceIDsWith(
    type: string,
    permission: string,
  ): { allowedByDefault: boolean; allowed: number[]; denied: number[] } {
    const allowed: number[] = [];
    const denied: number[] = [];
    for (const id of this.grants.junctions.get(type) ?? []) {
      (this.has(permission, { type, id }) ? allowed : denied).push(id);
    }
    return { allowedByDefault: this.has(permission), allowed, denied };
  }

  /** The permission set of `GET /users/{id}/permissions` (API.md 4.2). */
  toPermissionsResponse(expandJunctions: boolean): PermissionsResponse {
    const asRecord = (names: Iterable<string>) =>
      Object.fromEntries([...withConsolidatedNames(new Set(names))].sort().map((name) => [name, true]));
    const permissions: PermissionsResponse["permissions"] = [
      { type: "global", id: null, permissions: asRecord(this.global) },
    ];
    for (const [type, ids] of this.grants.junctions) {
      for (const id of [...ids].sort((a, b) => a - b)) {
        const names = new Set<string>();
        const key = resourceKey(type, id);
        for (const roleID of this.roleIDs)
          for (const name of this.grants.byRole.get(roleID)?.resources.get(key) ?? []) names.add(name);
        if (names.size > 0) permissions.push({ type, id, permissions: asRecord(names) });
      }
    }
    const response: PermissionsResponse = {
      isAdmin: this.user.isAdmin,
      isSysAdmin: this.user.isAdmin,
      isSuperAdmin: false,
      permissions,
    };
    if (expandJunctions) {
      response.junctions = Object.fromEntries(
        [...this.grants.junctions].map(([type, ids]) => [type, [...ids].sort((a, b) => a - b)]),
      );
      response.junctionAliases = Object.fromEntries(
        [...this.grants.junctionAliases].map(([type, aliases]) => [
          type,
          Object.fromEntries([...aliases].map(([id, target]) => [String(id), target])),
        ]),
      );
      if (!response.junctions.category) response.junctions.category = [];
      if (!response.junctionAliases.category) response.junctionAliases.category = {};
    }
    return response;
  }
}
