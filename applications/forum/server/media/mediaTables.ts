import type { Generated } from "kysely";

/** An uploaded file (API.md 16); `foreignType`/`foreignID` name where it ended up (null: not yet known). */
export interface MediaTable {
  mediaID: Generated<number>;
  storageKey: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  foreignType: string | null;
  foreignID: number | null;
  insertUserID: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    media: MediaTable;
  }
}
