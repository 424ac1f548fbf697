import type { NavigationItem } from "@forum/api/navigation";
import type { ValidationErrorItem } from "@forum/api/common";
import type { Viewer } from "@library/server/permissions/viewer";

const SAFE_SCHEME = /^(https?:|mailto:|tel:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * SPEC 5 URL rules for an item's link: site paths (`/…`), anchors and http(s), mailto and tel links are kept; a
 * link without a scheme gets `http://`; any other scheme (`javascript:`…) is refused (null).
 */
export function safeNavigationUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === "") return "";
  if (trimmed.startsWith("/") || trimmed.startsWith("#")) return trimmed.startsWith("//") ? null : trimmed;
  if (SAFE_SCHEME.test(trimmed)) return trimmed;
  if (ANY_SCHEME.test(trimmed)) return null;
  return `http://${trimmed}`;
}

/**
 * What an editor saves, cleaned as SPEC 5 says: items without a name, or with neither a url nor children, are
 * dropped; names and links are trimmed. Unsafe links and repeated ids are errors keyed by their field.
 */
export function normalizeNavigation(items: readonly NavigationItem[]): {
  items: NavigationItem[];
  errors: ValidationErrorItem[];
} {
  const errors: ValidationErrorItem[] = [];
  const seen = new Set<string>();
  const walk = (level: readonly NavigationItem[], path: string): NavigationItem[] =>
    level.flatMap((item, index) => {
      const field = `${path}[${index}]`;
      if (seen.has(item.id))
        errors.push({ field: `${field}.id`, code: "duplicate", message: "Each item needs its own id." });
      seen.add(item.id);
      const url = safeNavigationUrl(item.url);
      if (url === null)
        errors.push({
          field: `${field}.url`,
          code: "unsafeUrl",
          message: "Links must be site paths or start with http://, https://, mailto: or tel:.",
        });
      const children = walk(item.children ?? [], `${field}.children`);
      const name = item.name.trim();
      if (name === "" || (!url && children.length === 0)) return [];
      const kept: NavigationItem = { id: item.id, name, url: url ?? "" };
      if (item.permission) kept.permission = item.permission;
      if (item.roleIDs && item.roleIDs.length > 0) kept.roleIDs = [...new Set(item.roleIDs)];
      if (item.isHidden) kept.isHidden = true;
      if (item.badge) kept.badge = item.badge;
      if (children.length > 0) kept.children = children;
      return [kept];
    });
  const kept = walk(items, "items");
  return { items: kept, errors };
}

/**
 * The items one viewer sees (SPEC 5): hidden items, items needing a permission the viewer lacks and items for
 * roles the viewer has none of are left out, with their children; an item left with neither a link nor
 * children goes too. Role ids and permissions stay on the server.
 */
export function visibleNavigation(items: readonly NavigationItem[], viewer: Viewer): NavigationItem[] {
  return items.flatMap((item) => {
    if (item.isHidden || item.name.trim() === "") return [];
    if (item.permission && !viewer.has(item.permission)) return [];
    if (item.roleIDs && item.roleIDs.length > 0 && !item.roleIDs.some((id) => viewer.roleIDs.includes(id)))
      return [];
    const children = visibleNavigation(item.children ?? [], viewer);
    if (!item.url && children.length === 0) return [];
    const shown: NavigationItem = { id: item.id, name: item.name, url: item.url };
    if (item.badge) shown.badge = item.badge;
    if (children.length > 0) shown.children = children;
    return [shown];
  });
}
