import type { Generated } from "kysely";

export interface LayoutTable {
  layoutID: Generated<number>;
  name: string;
  layoutViewType: string;
  /** The sections and widgets as JSON text (`LayoutSpecSchema`). */
  layout: string;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}

export interface LayoutViewTable {
  layoutID: number;
  layoutViewType: string;
  recordType: string;
  recordID: number;
}

export interface FragmentTable {
  fragmentUUID: string;
  name: string;
  activeRevisionUUID: string;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

export interface FragmentRevisionTable {
  fragmentRevisionUUID: string;
  fragmentUUID: string;
  js: string;
  css: string;
  insertUserID: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    layouts: LayoutTable;
    layoutViews: LayoutViewTable;
    fragments: FragmentTable;
    fragmentRevisions: FragmentRevisionTable;
  }
}
