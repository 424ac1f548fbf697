import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Selectable } from "kysely";
import type { SiteSection, SiteSectionNavItem } from "../../api/subcommunitiesApi";
import type { SiteSectionTable } from "../tables";
import "../tables";

export const SECTION_NOT_FOUND = "Subcommunity";

function parseNavigation(raw: string): SiteSectionNavItem[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter(
          (item): item is SiteSectionNavItem =>
            typeof item === "object" &&
            item !== null &&
            typeof (item as SiteSectionNavItem).name === "string" &&
            typeof (item as SiteSectionNavItem).url === "string",
        )
      : [];
  } catch {
    return [];
  }
}

export function presentSection(row: Selectable<SiteSectionTable>): SiteSection {
  return {
    siteSectionID: row.siteSectionID,
    name: row.name,
    slug: row.slug,
    url: `/${row.slug}/`,
    locale: row.locale,
    rootCategoryID: row.rootCategoryID,
    description: row.description,
    themeKey: row.themeKey,
    navigation: parseNavigation(row.navigation),
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  };
}

/** Every section, in the managers' order then by name. */
export async function listSections(db: DbOrTx): Promise<SiteSection[]> {
  const rows = await db
    .selectFrom("siteSections")
    .selectAll()
    .orderBy("sort")
    .orderBy("name")
    .orderBy("siteSectionID")
    .execute();
  return rows.map(presentSection);
}

export async function getSection(context: AppContext, siteSectionID: number): Promise<SiteSection> {
  const row = await context.db
    .selectFrom("siteSections")
    .selectAll()
    .where("siteSectionID", "=", siteSectionID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(SECTION_NOT_FOUND);
  return presentSection(row);
}
