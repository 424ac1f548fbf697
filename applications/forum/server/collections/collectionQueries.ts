import type { Collection, CollectionRecordType } from "@forum/api/collections";
import type { DbOrTx } from "@library/server/db/database";
import { toApiDate } from "@library/server/http/dates";
import type { Selectable } from "kysely";
import type { CollectionTable } from "./collectionTables";
import "./collectionTables";

type CollectionRow = Selectable<CollectionTable>;

/** Collections as API.md 11 shows them, each with its records in order (manual `sort` first, then by date). */
export async function presentCollections(db: DbOrTx, rows: readonly CollectionRow[]): Promise<Collection[]> {
  if (rows.length === 0) return [];
  const records = await db
    .selectFrom("collectionRecords")
    .selectAll()
    .where(
      "collectionID",
      "in",
      rows.map((row) => row.collectionID),
    )
    .execute();
  const byCollection = new Map<number, typeof records>();
  for (const record of records) {
    const list = byCollection.get(record.collectionID) ?? [];
    list.push(record);
    byCollection.set(record.collectionID, list);
  }
  return rows.map((row) => ({
    collectionID: row.collectionID,
    name: row.name,
    records: (byCollection.get(row.collectionID) ?? [])
      .sort(
        (a, b) =>
          (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) ||
          a.dateAddedToCollection.localeCompare(b.dateAddedToCollection) ||
          a.recordID - b.recordID,
      )
      .map((record) => ({
        recordID: record.recordID,
        recordType: record.recordType as CollectionRecordType,
        sort: record.sort,
        dateAddedToCollection: toApiDate(record.dateAddedToCollection),
      })),
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    insertUserID: row.insertUserID,
    updateUserID: row.updateUserID,
  }));
}

export async function loadCollections(
  db: DbOrTx,
  options: { ids?: readonly number[]; name?: string; offset?: number; limit?: number } = {},
): Promise<Collection[]> {
  let query = db.selectFrom("collections").selectAll().orderBy("nameKey").orderBy("collectionID");
  if (options.ids) query = query.where("collectionID", "in", options.ids.length > 0 ? [...options.ids] : [0]);
  if (options.name !== undefined) query = query.where("nameKey", "=", options.name.trim().toLowerCase());
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return presentCollections(db, await query.execute());
}

/** The collections holding a record. */
export async function collectionsOfRecord(
  db: DbOrTx,
  recordType: string,
  recordID: number,
): Promise<Collection[]> {
  const ids = await db
    .selectFrom("collectionRecords")
    .select("collectionID")
    .where("recordType", "=", recordType)
    .where("recordID", "=", recordID)
    .execute();
  return loadCollections(db, { ids: ids.map((row) => row.collectionID) });
}
