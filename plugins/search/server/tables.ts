import type { Generated } from "kysely";

/**
 * One row per indexed record: the fields filters and sorts read. The text lives beside it, by dialect: the
 * FTS5 table `searchText` (rowid = docID) on SQLite, the `name`, `body` and `document` columns on PostgreSQL;
 * the index implementations reach those with SQL of their own.
 */
export interface SearchDocumentTable {
  docID: Generated<number>;
  recordType: string;
  recordID: number;
  type: string;
  categoryID: number | null;
  discussionID: number | null;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

/** The tags of an indexed discussion (kept by the tags-changed job). */
export interface SearchDiscussionTagTable {
  discussionID: number;
  tagID: number;
}

declare module "@library/server/db/database" {
  interface Database {
    searchDocuments: SearchDocumentTable;
    searchDiscussionTags: SearchDiscussionTagTable;
  }
}
