/** Permissions granted site-wide only (API.md 1.10). */
export const GLOBAL_PERMISSIONS = [
  "session.valid",
  "profiles.view",
  "profiles.edit",
  "personalInfo.view",
  "users.add",
  "users.edit",
  "users.delete",
  "uploads.add",
  "community.moderate",
  "community.manage",
  "site.manage",
  "curation.manage",
  "staff.allow",
  "reactions.view",
  "reactions.positive.add",
  "reactions.negative.add",
  "flag.add",
  "tags.add",
  "schedule.allow",
  "discussions.closeOwn",
] as const;

/** Permissions that can also be granted per category; the global grant is the default for every category. */
export const CATEGORY_PERMISSIONS = [
  "discussions.view",
  "discussions.add",
  "discussions.edit",
  "discussions.delete",
  "discussions.announce",
  "discussions.sink",
  "discussions.close",
  "comments.add",
  "comments.edit",
  "comments.delete",
  "posts.moderate",
] as const;

/**
 * Permissions declared by add-ons, merged in by each add-on with `declare module` so its checks are typed:
 * `interface AddonPermissionNames { "greetings.add": true }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AddonPermissionNames {}

export type GlobalPermission = (typeof GLOBAL_PERMISSIONS)[number];
export type CategoryPermission = (typeof CATEGORY_PERMISSIONS)[number];
export type PermissionName = GlobalPermission | CategoryPermission | keyof AddonPermissionNames;

export const ALL_PERMISSIONS: readonly PermissionName[] = [...GLOBAL_PERMISSIONS, ...CATEGORY_PERMISSIONS];

/**
 * Names declared by the add-ons this process loaded (enabled or not: a role keeps its grants while an add-on is
 * off). Names are facts of the code, the same for every app in the process, so one set serves them all.
 */
const declaredPermissions = new Map<string, "global" | "category">();

export function declarePermissionName(name: string, scope: "global" | "category"): void {
  declaredPermissions.set(name, scope);
}

/** Every known permission: the core's, then the add-ons'. */
export function knownPermissionNames(): string[] {
  return [...ALL_PERMISSIONS, ...declaredPermissions.keys()];
}

export function isCategoryPermissionName(name: string): boolean {
  return (
    (CATEGORY_PERMISSIONS as readonly string[]).includes(name) || declaredPermissions.get(name) === "category"
  );
}

export function isPermissionName(name: string): name is PermissionName {
  return (ALL_PERMISSIONS as readonly string[]).includes(name) || declaredPermissions.has(name);
}

/** Consolidated names (API.md 1.10): derived from held grants, returned by the permissions endpoint. */
export function withConsolidatedNames(held: ReadonlySet<string>): Set<string> {
  const result = new Set(held);
  if (held.has("discussions.announce") && held.has("discussions.close") && held.has("discussions.sink")) {
    result.add("discussions.moderate");
  }
  if (held.has("discussions.delete") && held.has("discussions.edit")) result.add("discussions.manage");
  return result;
}
