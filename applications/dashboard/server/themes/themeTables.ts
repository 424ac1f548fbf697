import type { Generated } from "kysely";

export interface ThemeTable {
  themeID: Generated<number>;
  name: string;
  parentTheme: string | null;
  parentVersion: string | null;
  /** The revision in force (patching `revisionID` restores an older one). */
  activeRevisionID: number | null;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string;
}

export interface ThemeRevisionTable {
  revisionID: Generated<number>;
  themeID: number;
  revisionName: string | null;
  /** JSON of `StoredThemeAssets`. */
  assets: string;
  insertUserID: number;
  dateInserted: string;
}

export interface MemberColorSchemeTable {
  userID: number;
  /** `light`, `dark` or `system`. */
  colorScheme: string;
  dateUpdated: string;
}

declare module "@library/server/db/database" {
  interface Database {
    themes: ThemeTable;
    themeRevisions: ThemeRevisionTable;
    memberColorSchemes: MemberColorSchemeTable;
  }
}
