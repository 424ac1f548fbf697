import type { Generated } from "kysely";

export interface SiteSectionTable {
  siteSectionID: Generated<number>;
  name: string;
  /** Unique, lower case: the section's folder (`fr` serves `/fr/…`). */
  slug: string;
  locale: string;
  rootCategoryID: number | null;
  description: string;
  themeKey: string | null;
  /** JSON: the section's own navigation, `[{ name, url }]`. */
  navigation: string;
  sort: number;
  dateInserted: string;
  dateUpdated: string;
}

declare module "@library/server/db/database" {
  interface Database {
    siteSections: SiteSectionTable;
  }
}
