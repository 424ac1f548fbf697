import type { AppContext } from "@library/server/app/appContext";
import { recordNames } from "@library/server/cache/recordNames";
import { searchRecordTypes, type SearchRecordType } from "@library/server/search/searchRecordTypes";
import { searchIndexOf } from "./searchIndexing";
import { rebuildDiscussionTags } from "./searchTagIndexing";

export interface RebuildProgress {
  recordType: string;
  indexed: number;
  removed: number;
  seconds: number;
}

const BATCH = 500;

/**
 * Walks every record of every active type in id order and writes it to the index; documents of records that no
 * longer exist are removed on the way. The site keeps searching meanwhile (records are replaced, not dropped).
 * A rebuild writes past the routes (the command line, a directory sync): once done, it tells the cache layer that
 * anything public may have changed, so no process keeps answering searches from before it.
 */
export async function rebuildSearchIndex(
  context: AppContext,
  report: (progress: RebuildProgress) => void = () => undefined,
  only?: (type: SearchRecordType) => boolean,
): Promise<RebuildProgress[]> {
  const index = searchIndexOf(context);
  const totals: RebuildProgress[] = [];
  const started = Date.now();
  await index.bulkLoad(true);
  try {
    await rebuildTypes();
    if (
      searchRecordTypes(context)
        .active()
        .some((type) => type.recordType === "discussion" && (!only || only(type)))
    )
      await rebuildDiscussionTags(context);
  } finally {
    await index.bulkLoad(false);
    await context.caches.publish([recordNames.content]);
  }
  return totals;

  async function rebuildTypes(): Promise<void> {
    for (const type of searchRecordTypes(context).active()) {
      if (only && !only(type)) continue;
      const progress: RebuildProgress = { recordType: type.recordType, indexed: 0, removed: 0, seconds: 0 };
      let afterID = 0;
      let lastReport = Date.now();
      for (;;) {
        const ids = await type.listIDs(context.db, afterID, BATCH);
        const lastID = ids[ids.length - 1];
        if (lastID === undefined) break;
        const documents = await type.load(context.db, ids);
        await index.upsert(documents);
        progress.removed += await index.removeMissing(
          type.recordType,
          afterID,
          lastID,
          documents.map((document) => document.recordID),
        );
        progress.indexed += documents.length;
        afterID = lastID;
        if (Date.now() - lastReport >= 1000) {
          lastReport = Date.now();
          report({ ...progress, seconds: (Date.now() - started) / 1000 });
        }
      }
      progress.removed += await index.removeMissing(type.recordType, afterID, Number.POSITIVE_INFINITY, []);
      progress.seconds = (Date.now() - started) / 1000;
      report({ ...progress });
      totals.push(progress);
    }
  }
}
