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
  "conversations.add",
  "conversations.moderate",
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

export type GlobalPermission = (typeof GLOBAL_PERMISSIONS)[number];
export type CategoryPermission = (typeof CATEGORY_PERMISSIONS)[number];
export type PermissionName = GlobalPermission | CategoryPermission;

export const ALL_PERMISSIONS: readonly PermissionName[] = [...GLOBAL_PERMISSIONS, ...CATEGORY_PERMISSIONS];

export function isPermissionName(name: string): name is PermissionName {
  return (ALL_PERMISSIONS as readonly string[]).includes(name);
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
