import {
  COLLECTION_RECORD_TYPES,
  MAX_COLLECTION_RECORDS,
  type CollectionByResourcePut,
  type CollectionPatch,
  type CollectionPost,
  type CollectionRecordInput,
} from "@forum/api/collections";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import type { ValidationErrorItem } from "@forum/api/common";
import "./collectionTables";

/** API.md 11: every collection call needs community.manage. */
export const COLLECTION_MANAGERS = "community.manage";
export const NAME_TAKEN = "A collection with this name already exists.";
export const TOO_MANY_RECORDS = `records must contain no more than ${MAX_COLLECTION_RECORDS} items.`;

export function invalidRecordType(recordType: string): string {
  return `The recordType ${recordType} is not a valid record type for collection.`;
}

function isKnownType(recordType: string): boolean {
  return (COLLECTION_RECORD_TYPES as readonly string[]).includes(recordType);
}

/** Discussions and categories must exist (and be live); the add-ons' record types are taken as given. */
async function missingRecord(db: DbOrTx, record: CollectionRecordInput): Promise<boolean> {
  if (record.recordType === "discussion")
    return !(await db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "=", record.recordID)
      .where("deleteLogID", "is", null)
      .executeTakeFirst());
  if (record.recordType === "category")
    return !(await db
      .selectFrom("categories")
      .select("categoryID")
      .where("categoryID", "=", record.recordID)
      .executeTakeFirst());
  return false;
}

/** 422 for an unknown type, a missing record, a duplicate, or more than 30 records (API.md 11). */
async function checkRecords(db: DbOrTx, records: readonly CollectionRecordInput[], field = "records") {
  const errors: ValidationErrorItem[] = [];
  if (records.length > MAX_COLLECTION_RECORDS)
    errors.push({ field, code: "maxItems", message: TOO_MANY_RECORDS });
  const seen = new Set<string>();
  for (const [index, record] of records.entries()) {
    const path = `${field}[${index}]`;
    const key = `${record.recordType}:${record.recordID}`;
    if (!isKnownType(record.recordType))
      errors.push({
        field: `${path}.recordType`,
        code: "enum",
        message: invalidRecordType(record.recordType),
      });
    else if (seen.has(key))
      errors.push({
        field: path,
        code: "duplicate",
        message: `The ${record.recordType} ${record.recordID} is listed twice.`,
      });
    else if (await missingRecord(db, record))
      errors.push({
        field: `${path}.recordID`,
        code: "notFound",
        message: `The ${record.recordType} ${record.recordID} does not exist.`,
      });
    seen.add(key);
  }
  if (errors.length > 0) throw new ValidationError(errors);
}

async function assertNameFree(db: DbOrTx, name: string, exceptID?: number): Promise<void> {
  let query = db
    .selectFrom("collections")
    .select("collectionID")
    .where("nameKey", "=", name.trim().toLowerCase());
  if (exceptID !== undefined) query = query.where("collectionID", "<>", exceptID);
  if (await query.executeTakeFirst()) throw ValidationError.field("name", NAME_TAKEN, "unique");
}

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") throw ValidationError.field("name", "The name is required.", "required");
  return trimmed;
}

async function replaceRecords(
  trx: DbOrTx,
  collectionID: number,
  records: readonly CollectionRecordInput[],
): Promise<void> {
  const before = await trx
    .selectFrom("collectionRecords")
    .select(["recordType", "recordID", "dateAddedToCollection"])
    .where("collectionID", "=", collectionID)
    .execute();
  const added = new Map(
    before.map((row) => [`${row.recordType}:${row.recordID}`, row.dateAddedToCollection]),
  );
  await trx.deleteFrom("collectionRecords").where("collectionID", "=", collectionID).execute();
  if (records.length === 0) return;
  const now = nowIso();
  await trx
    .insertInto("collectionRecords")
    .values(
      records.map((record) => ({
        collectionID,
        recordType: record.recordType,
        recordID: record.recordID,
        sort: record.sort ?? null,
        // A record that stays keeps the date it was first added.
        dateAddedToCollection: added.get(`${record.recordType}:${record.recordID}`) ?? now,
      })),
    )
    .execute();
}

/** `POST /collections`. */
export async function createCollection(
  context: AppContext,
  viewer: Viewer,
  body: CollectionPost,
): Promise<number> {
  viewer.require(COLLECTION_MANAGERS);
  const name = trimmedName(body.name);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    await assertNameFree(trx, name);
    await checkRecords(trx, body.records);
    const { collectionID } = await trx
      .insertInto("collections")
      .values({
        name,
        nameKey: name.toLowerCase(),
        insertUserID: viewer.userID,
        dateInserted: nowIso(),
        updateUserID: null,
        dateUpdated: null,
      })
      .returning("collectionID")
      .executeTakeFirstOrThrow();
    await replaceRecords(trx, collectionID, body.records);
    return collectionID;
  });
}

async function lockCollection(trx: DbOrTx, context: AppContext, collectionID: number): Promise<void> {
  const row = await trx
    .selectFrom("collections")
    .select("collectionID")
    .where("collectionID", "=", collectionID)
    .$call(forUpdate(context.dialect))
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Collection");
}

/** `PATCH /collections/{id}`: rename and/or replace the records. */
export async function patchCollection(
  context: AppContext,
  viewer: Viewer,
  collectionID: number,
  body: CollectionPatch,
): Promise<void> {
  viewer.require(COLLECTION_MANAGERS);
  const name = body.name !== undefined ? trimmedName(body.name) : undefined;
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockCollection(trx, context, collectionID);
    if (name !== undefined) await assertNameFree(trx, name, collectionID);
    if (body.records) await checkRecords(trx, body.records);
    await trx
      .updateTable("collections")
      .set({
        ...(name !== undefined ? { name, nameKey: name.toLowerCase() } : {}),
        updateUserID: viewer.userID,
        dateUpdated: nowIso(),
      })
      .where("collectionID", "=", collectionID)
      .execute();
    if (body.records) await replaceRecords(trx, collectionID, body.records);
  });
}

/** `DELETE /collections/{id}` (its records go with it). */
export async function deleteCollection(
  context: AppContext,
  viewer: Viewer,
  collectionID: number,
): Promise<void> {
  viewer.require(COLLECTION_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockCollection(trx, context, collectionID);
    await trx.deleteFrom("collectionRecords").where("collectionID", "=", collectionID).execute();
    await trx.deleteFrom("collections").where("collectionID", "=", collectionID).execute();
  });
}

/**
 * `PUT /collections/by-resource` (API.md 11): the record ends up in exactly the listed collections — added where
 * it is missing (at the end), removed from every other one. Idempotent. A listed collection that does not exist
 * or is full is logged and skipped, as API.md says.
 */
export async function setRecordCollections(
  context: AppContext,
  viewer: Viewer,
  body: CollectionByResourcePut,
): Promise<void> {
  viewer.require(COLLECTION_MANAGERS);
  const { record } = body;
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await checkRecords(trx, [record], "record");
    const wanted = [...new Set(body.collectionIDs)].sort((a, b) => a - b);
    const current = await trx
      .selectFrom("collectionRecords")
      .select("collectionID")
      .where("recordType", "=", record.recordType)
      .where("recordID", "=", record.recordID)
      .execute();
    const touched = [...new Set([...wanted, ...current.map((row) => row.collectionID)])].sort(
      (a, b) => a - b,
    );
    // Every collection this changes is locked, in ascending id, before its records are counted or written.
    const locked =
      touched.length === 0
        ? []
        : await trx
            .selectFrom("collections")
            .select("collectionID")
            .where("collectionID", "in", touched)
            .orderBy("collectionID")
            .$call(forUpdate(context.dialect))
            .execute();
    const existing = new Set(locked.map((row) => row.collectionID));
    const now = nowIso();
    for (const collectionID of touched) {
      const has = current.some((row) => row.collectionID === collectionID);
      const wants = wanted.includes(collectionID);
      if (has === wants) continue;
      if (!existing.has(collectionID)) {
        context.log.warn({ collectionID }, "PUT /collections/by-resource: no such collection, skipped.");
        continue;
      }
      if (!wants) {
        await trx
          .deleteFrom("collectionRecords")
          .where("collectionID", "=", collectionID)
          .where("recordType", "=", record.recordType)
          .where("recordID", "=", record.recordID)
          .execute();
      } else {
        const count = await trx
          .selectFrom("collectionRecords")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("collectionID", "=", collectionID)
          .executeTakeFirst();
        if (Number(count?.count ?? 0) >= MAX_COLLECTION_RECORDS) {
          context.log.warn(
            { collectionID },
            "PUT /collections/by-resource: the collection is full, skipped.",
          );
          continue;
        }
        await trx
          .insertInto("collectionRecords")
          .values({
            collectionID,
            recordType: record.recordType,
            recordID: record.recordID,
            sort: record.sort ?? null,
            dateAddedToCollection: now,
          })
          .execute();
      }
      await trx
        .updateTable("collections")
        .set({ updateUserID: viewer.userID, dateUpdated: now })
        .where("collectionID", "=", collectionID)
        .execute();
    }
  });
}
