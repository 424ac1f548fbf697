import type { Generated } from "kysely";

/** A tag (API.md 10). `type` is `User` for ordinary tags; other values are reserved for the system. */
export interface TagTable {
  tagID: Generated<number>;
  name: string;
  urlcode: string;
  type: Generated<string>;
  parentTagID: number | null;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}

/** One tag on one discussion. */
export interface TagDiscussionTable {
  tagID: number;
  discussionID: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    tags: TagTable;
    tagDiscussions: TagDiscussionTable;
  }
}
