/** Stored add-on state (core table `addons`); absent rows mean "the manifest's default". */
export interface AddonStateTable {
  key: string;
  enabled: number;
  /** JSON array of permission names already granted to the default roles once (never granted twice). */
  seededPermissions: string;
  updateUserID: number | null;
  dateUpdated: string;
}

declare module "@library/server/db/database" {
  interface Database {
    addons: AddonStateTable;
  }
}
