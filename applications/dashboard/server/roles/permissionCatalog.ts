import type { PermissionDescription } from "@forum/api/permissionCatalog";
import type { AppContext } from "@library/server/app/appContext";
import {
  GLOBAL_PERMISSIONS,
  isCategoryPermissionName,
  type CategoryPermission,
  type GlobalPermission,
} from "@library/server/permissions/permissionNames";
import { CATEGORY_PERMISSIONS } from "@library/server/permissions/permissionNames";

type Translate = (text: string) => string;

/** The words and row group of each core permission in the role editor's matrix. */
const CORE_PERMISSIONS: Record<GlobalPermission | CategoryPermission, { label: string; group: string }> = {
  "session.valid": { label: "Sign in", group: "Members" },
  "profiles.view": { label: "View profiles", group: "Members" },
  "profiles.edit": { label: "Edit own profile", group: "Members" },
  "personalInfo.view": { label: "See email addresses and private profiles", group: "Members" },
  "users.add": { label: "Add members", group: "Members" },
  "users.edit": { label: "Edit members", group: "Members" },
  "users.delete": { label: "Delete members", group: "Members" },
  "uploads.add": { label: "Upload files", group: "Posting" },
  "reactions.view": { label: "See who reacted", group: "Posting" },
  "reactions.positive.add": { label: "Use positive reactions", group: "Posting" },
  "reactions.negative.add": { label: "Use negative reactions", group: "Posting" },
  "flag.add": { label: "Report posts", group: "Posting" },
  "tags.add": { label: "Add tags", group: "Posting" },
  "schedule.allow": { label: "Schedule posts", group: "Posting" },
  "discussions.closeOwn": { label: "Close own discussions", group: "Posting" },
  "discussions.view": { label: "View discussions", group: "Categories" },
  "discussions.add": { label: "Start discussions", group: "Categories" },
  "discussions.edit": { label: "Edit discussions", group: "Categories" },
  "discussions.delete": { label: "Delete discussions", group: "Categories" },
  "discussions.announce": { label: "Announce discussions", group: "Categories" },
  "discussions.sink": { label: "Sink discussions", group: "Categories" },
  "discussions.close": { label: "Close discussions", group: "Categories" },
  "comments.add": { label: "Comment", group: "Categories" },
  "comments.edit": { label: "Edit comments", group: "Categories" },
  "comments.delete": { label: "Delete comments", group: "Categories" },
  "posts.moderate": { label: "Moderate posts (approve, pre-moderation)", group: "Categories" },
  "community.moderate": { label: "Moderate the community", group: "Moderation" },
  "curation.manage": { label: "Curate (promote) content", group: "Moderation" },
  "staff.allow": { label: "Staff tools", group: "Moderation" },
  "community.manage": { label: "Manage the community", group: "Site" },
  "site.manage": { label: "Manage the site (settings, roles, add-ons)", group: "Site" },
};

/**
 * Every permission a role can hold, for the matrix: the core's (in a fixed order) and then each add-on's under
 * the add-on's name, whether the add-on is on or off (a role keeps its grants while an add-on is off), unless it
 * failed.
 */
export function permissionCatalog(context: AppContext, t: Translate): PermissionDescription[] {
  const core: PermissionDescription[] = [...GLOBAL_PERMISSIONS, ...CATEGORY_PERMISSIONS].map((name) => ({
    name,
    label: t(CORE_PERMISSIONS[name].label),
    group: t(CORE_PERMISSIONS[name].group),
    scope: (CATEGORY_PERMISSIONS as readonly string[]).includes(name) ? "category" : "global",
  }));
  const known = new Set(core.map((permission) => permission.name));
  const declared: PermissionDescription[] = [];
  for (const entry of context.addons.list()) {
    // A failed add-on's permissions are not offered (its grants stay stored for when it runs again).
    if (context.addons.failed(entry.manifest.key)) continue;
    for (const [name, permission] of Object.entries(entry.definition?.permissions ?? {})) {
      if (known.has(name)) continue;
      known.add(name);
      declared.push({
        name,
        label: t(permission.label),
        group: t(entry.manifest.name),
        scope: isCategoryPermissionName(name) ? "category" : "global",
      });
    }
  }
  return [...core, ...declared];
}
