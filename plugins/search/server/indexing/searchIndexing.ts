import type { AppContext } from "@library/server/app/appContext";
import { searchRecordTypes } from "@library/server/search/searchRecordTypes";
import { createSearchIndex } from "../index/createSearchIndex";
import type { SearchIndex } from "../index/searchIndex";

const indexes = new WeakMap<AppContext, SearchIndex>();

/** The app's search index (one per app context). */
export function searchIndexOf(context: AppContext): SearchIndex {
  let index = indexes.get(context);
  if (!index) {
    const cached = createSearchIndex(context.db, context.dialect);
    context.caches.define({
      name: "search index answers",
      dependsOn: ["public"],
      scope: "elsewhere",
      retire: () => cached.forget(),
    });
    index = cached;
    indexes.set(context, index);
  }
  return index;
}

/**
 * Brings records of a type up to date in the index: those that exist are written as they are now, the others
 * removed. Idempotent, so a job that runs twice does no harm.
 */
export async function indexRecords(
  context: AppContext,
  recordType: string,
  recordIDs: readonly number[],
): Promise<void> {
  const type = searchRecordTypes(context).get(recordType);
  if (!type || recordIDs.length === 0) return;
  const index = searchIndexOf(context);
  const documents = await type.load(context.db, recordIDs);
  await index.upsert(documents);
  const found = new Set(documents.map((document) => document.recordID));
  await index.remove(
    recordType,
    recordIDs.filter((id) => !found.has(id)),
  );
}

/** A discussion edited or moved: its document again, and its comments' category. */
export async function reindexDiscussion(context: AppContext, discussionID: number): Promise<void> {
  const discussion = await context.db
    .selectFrom("discussions")
    .select("categoryID")
    .where("discussionID", "=", discussionID)
    .where("deleteLogID", "is", null)
    .executeTakeFirst();
  const index = searchIndexOf(context);
  if (!discussion) return index.removeDiscussion(discussionID);
  await index.moveDiscussion(discussionID, discussion.categoryID);
  await indexRecords(context, "discussion", [discussionID]);
}
