import type { PermissionFragment } from "@forum/api/users";

/** `global` or `category:12`. */
export type ScopeKey = string;

/** What the role holds: scope → permission names. */
export type RoleGrants = Map<ScopeKey, Set<string>>;

export const GLOBAL_SCOPE: ScopeKey = "global";

/** The catalog's scope of permissions that can also be set per category. */
export const CATEGORY_PERMISSION_SCOPE = "category";

export function categoryScope(categoryID: number): ScopeKey {
  return `category:${categoryID}`;
}

export function scopeOfFragment(fragment: PermissionFragment): ScopeKey {
  return fragment.type === "global" ? GLOBAL_SCOPE : `${fragment.type}:${fragment.id ?? 0}`;
}

/** PermissionFragment[] (true grants only) → grants by scope. */
export function grantsFromFragments(fragments: readonly PermissionFragment[] | undefined): RoleGrants {
  const grants: RoleGrants = new Map([[GLOBAL_SCOPE, new Set<string>()]]);
  for (const fragment of fragments ?? []) {
    const names = grants.get(scopeOfFragment(fragment)) ?? new Set<string>();
    for (const [name, granted] of Object.entries(fragment.permissions)) if (granted) names.add(name);
    grants.set(scopeOfFragment(fragment), names);
  }
  return grants;
}

export function holds(grants: RoleGrants, scope: ScopeKey, permission: string): boolean {
  return grants.get(scope)?.has(permission) ?? false;
}

/** A copy with one cell set. */
export function withGrant(
  grants: RoleGrants,
  scope: ScopeKey,
  permission: string,
  granted: boolean,
): RoleGrants {
  const next: RoleGrants = new Map([...grants].map(([key, names]) => [key, new Set(names)]));
  const names = next.get(scope) ?? new Set<string>();
  if (granted) names.add(permission);
  else names.delete(permission);
  next.set(scope, names);
  return next;
}

function fragmentOf(scope: ScopeKey, permissions: Record<string, boolean>): PermissionFragment {
  if (scope === GLOBAL_SCOPE) return { type: "global", id: null, permissions };
  const [type = "category", id = "0"] = scope.split(":");
  return { type, id: Number(id), permissions };
}

/**
 * The cells that differ between two grant sets, as merge fragments (`true` grants, `false` revokes): what
 * `PATCH /roles/{id}/permissions` needs so nothing else of the role changes.
 */
export function changedFragments(saved: RoleGrants, edited: RoleGrants): PermissionFragment[] {
  const fragments: PermissionFragment[] = [];
  for (const scope of new Set([...saved.keys(), ...edited.keys()])) {
    const before = saved.get(scope) ?? new Set<string>();
    const after = edited.get(scope) ?? new Set<string>();
    const permissions: Record<string, boolean> = {};
    for (const name of after) if (!before.has(name)) permissions[name] = true;
    for (const name of before) if (!after.has(name)) permissions[name] = false;
    if (Object.keys(permissions).length > 0) fragments.push(fragmentOf(scope, permissions));
  }
  return fragments;
}

/** Every grant as fragments (for a new role). */
export function allFragments(grants: RoleGrants): PermissionFragment[] {
  return [...grants]
    .filter(([, names]) => names.size > 0)
    .map(([scope, names]) => fragmentOf(scope, Object.fromEntries([...names].map((name) => [name, true]))));
}
