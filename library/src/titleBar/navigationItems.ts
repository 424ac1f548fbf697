import type { NavigationItem } from "@forum/api/navigation";
import { getConfig } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";

export type { NavigationItem };

/**
 * The built-in main navigation (SPEC 2 "Title bar"): Posts and Categories, only while the forum section is
 * enabled. Pages get the stored items from the server (already filtered for the viewer); this is the fallback.
 */
export function getMainNavigation(): NavigationItem[] {
  if (getConfig("forum.disabled", false)) return [];
  return [
    { id: "posts", name: t("Posts"), url: paths.discussions },
    { id: "categories", name: t("Categories"), url: paths.categories },
  ];
}

/** Whether `url` is the page being shown (or a page below it), for aria-current. */
export function isCurrentSection(url: string, currentUrl: string): boolean {
  if (!url.startsWith("/")) return false;
  const path = currentUrl.split(/[?#]/)[0] ?? "";
  return path === url || (url !== "/" && path.startsWith(`${url}/`));
}
