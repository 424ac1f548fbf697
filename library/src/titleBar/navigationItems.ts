import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";

/** A main navigation entry; entries with children open a nested level in the side panel. */
export interface NavigationItem {
  id: string;
  name: string;
  url: string;
  children?: NavigationItem[];
}

/** The built-in main navigation (SPEC 2 "Title bar"): Posts and Categories. */
export function getMainNavigation(): NavigationItem[] {
  return [
    { id: "posts", name: t("Posts"), url: paths.discussions },
    { id: "categories", name: t("Categories"), url: paths.categories },
  ];
}

/** Whether `url` is the page being shown (or a page below it), for aria-current. */
export function isCurrentSection(url: string, currentUrl: string): boolean {
  const path = currentUrl.split(/[?#]/)[0] ?? "";
  return path === url || path.startsWith(`${url}/`);
}
