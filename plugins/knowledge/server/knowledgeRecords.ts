import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import "@library/server/search/siteSearch";
import { removeTranslationsAfterCommit } from "@library/server/translations/recordTranslationsCleanup";

/** Record types of the content translator's keys and of the search index. */
export const KB_RECORD_TYPES = {
  base: "knowledgeBase",
  category: "knowledgeCategory",
  article: "article",
} as const;

/** Inside a write: the search index follows these articles (a job, while the search add-on runs). */
export async function articlesChanged(context: AppContext, trx: DbOrTx, articleIDs: readonly number[]) {
  if (articleIDs.length === 0) return;
  await context.events.emit(trx, "searchRecords.changed", {
    recordType: KB_RECORD_TYPES.article,
    recordIDs: [...articleIDs],
  });
}

/** Inside a deleting write: the articles leave the index and their translations go. */
export async function articlesRemoved(context: AppContext, trx: DbOrTx, articleIDs: readonly number[]) {
  await articlesChanged(context, trx, articleIDs);
  await removeTranslationsAfterCommit(context, trx, {
    recordType: KB_RECORD_TYPES.article,
    recordIDs: articleIDs,
  });
}
