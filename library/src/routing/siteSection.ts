import { layoutQueryInSection } from "@forum/api/layoutRoutes";
import type { LayoutQuery } from "@forum/api/layouts";
import { getConfig } from "@library/src/bootstrap/bootstrap";

/** SPEC 3 "site settings read" `siteSection`: the site section a page belongs to (`/fr/…`), as the server tells it. */
export interface PageSiteSection {
  siteSectionID: number;
  name: string;
  /** The section's folder (`/fr`), already part of the bootstrap's base path. */
  basePath: string;
  contentLocale: string;
  rootCategoryID: number | null;
}

function isPageSiteSection(value: unknown): value is PageSiteSection {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { siteSectionID?: unknown }).siteSectionID === "number" &&
    typeof (value as { basePath?: unknown }).basePath === "string"
  );
}

/** The page's site section, or null on the site itself. */
export function currentSiteSection(): PageSiteSection | null {
  const value = getConfig<unknown>("siteSection", null);
  return isPageSiteSection(value) ? value : null;
}

/** The `siteSectionID` API filters take on this page: the section's, or none on the site itself. */
export function siteSectionFilter(): { siteSectionID?: number } {
  const section = currentSiteSection();
  return section ? { siteSectionID: section.siteSectionID } : {};
}

/** A layout query as this page's section asks it (its id, its home), or as given on the site itself. */
export function layoutQueryInPageSection(query: LayoutQuery): LayoutQuery {
  return layoutQueryInSection(query, currentSiteSection()?.siteSectionID ?? null);
}
