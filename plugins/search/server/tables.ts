import type { Generated } from "kysely";

/**
 * One row per indexed record: the fields filters and sorts read. The text and the word index live beside it,
 * by dialect: on SQLite `searchDocumentTexts` and the contentless FTS5 table `searchText` (both by docID), on
 * PostgreSQL the `name`, `body` and `document` columns, reached with SQL of its own.
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

/** SQLite only: the text of each document (PostgreSQL keeps it in `searchDocuments` beside its tsvector). */
export interface SearchDocumentTextTable {
  docID: number;
  name: string;
  body: string;
}

/** The tags of an indexed discussion (kept by the tags-changed job). */
export interface SearchDiscussionTagTable {
  discussionID: number;
  tagID: number;
}

declare module "@library/server/db/database" {
  interface Database {
    searchDocuments: SearchDocumentTable;
    searchDocumentTexts: SearchDocumentTextTable;
    searchDiscussionTags: SearchDiscussionTagTable;
  }
}
