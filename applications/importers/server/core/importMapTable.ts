/** One row per imported record: `(sourceKey, kind, foreignID)` → the local id it became. */
export interface ImportMapTable {
  sourceKey: string;
  /** An `ImportKind`, or `tags` / `placeholders` for records the run makes on the way. */
  kind: string;
  foreignID: string;
  localID: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    importMap: ImportMapTable;
  }
}
