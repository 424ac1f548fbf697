import type { Generated } from "kysely";

export interface CollectionTable {
  collectionID: Generated<number>;
  name: string;
  /** The lower-cased name: names are unique without regard to case. */
  nameKey: string;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}

export interface CollectionRecordTable {
  collectionID: number;
  recordType: string;
  recordID: number;
  sort: number | null;
  dateAddedToCollection: string;
}

declare module "@library/server/db/database" {
  interface Database {
    collections: CollectionTable;
    collectionRecords: CollectionRecordTable;
  }
}
