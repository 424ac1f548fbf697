import { CONTENT_TRANSLATION_RESOURCE } from "@forum/api/translationKeys";
import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "../db/database";
import "./translationTables";

/** The job that removes the translations of deleted records (categories, navigation items, layouts). */
export const REMOVE_RECORD_TRANSLATIONS_JOB = "translations.removeRecords";

/** The records whose translations go: one record type, by ids or by keys. */
export interface DeletedRecords {
  recordType: string;
  recordIDs?: readonly number[];
  recordKeys?: readonly string[];
}

/**
 * Queues the removal of the translations of records a write deleted, inside the write's transaction: the job
 * exists exactly when the deletion committed, so no translation outlives its record.
 */
export async function removeTranslationsAfterCommit(
  context: Pick<AppContext, "jobs">,
  trx: DbOrTx,
  records: DeletedRecords,
): Promise<void> {
  if ((records.recordIDs?.length ?? 0) === 0 && (records.recordKeys?.length ?? 0) === 0) return;
  await context.jobs.enqueue(trx, REMOVE_RECORD_TRANSLATIONS_JOB, {
    recordType: records.recordType,
    recordIDs: [...(records.recordIDs ?? [])],
    recordKeys: [...(records.recordKeys ?? [])],
  });
}

/** Deletes every translation, in every locale, of the records named; a second run finds nothing left. */
export async function deleteRecordTranslations(db: DbOrTx, records: DeletedRecords): Promise<void> {
  const ids = records.recordIDs ?? [];
  const keys = records.recordKeys ?? [];
  if (ids.length > 0)
    await db
      .deleteFrom("translations")
      .where("resource", "=", CONTENT_TRANSLATION_RESOURCE)
      .where("recordType", "=", records.recordType)
      .where("recordID", "in", [...ids])
      .execute();
  if (keys.length > 0)
    await db
      .deleteFrom("translations")
      .where("resource", "=", CONTENT_TRANSLATION_RESOURCE)
      .where("recordType", "=", records.recordType)
      .where("recordKey", "in", [...keys])
      .execute();
}

/**
 * Defines the removal job. It names nothing, so it publishes `content`: the cached translation maps are read
 * again, and a key used again later (a navigation item's id) never shows a translation of the record before it.
 */
export function defineRecordTranslationsCleanup(
  context: Pick<AppContext, "jobs" | "db">,
  owner: string,
): void {
  context.jobs.define<DeletedRecords>(
    REMOVE_RECORD_TRANSLATIONS_JOB,
    async (records) => {
      await deleteRecordTranslations(context.db, records);
    },
    { owner },
  );
}
