import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import { indexRecords, reindexDiscussion, searchIndexOf } from "./searchIndexing";
import { syncDirectoryRecords } from "./directorySync";
import { indexDiscussionTags } from "./searchTagIndexing";

export const INDEX_RECORDS_JOB = "search.indexRecords";
export const REINDEX_DISCUSSION_JOB = "search.reindexDiscussion";
export const REMOVE_DISCUSSION_JOB = "search.removeDiscussion";
export const SYNC_DIRECTORY_JOB = "search.syncDirectory";
export const INDEX_DISCUSSION_TAGS_JOB = "search.indexDiscussionTags";

/**
 * The index follows the forum through jobs: each domain event gets one, written in the event's transaction
 * (durable, retried), and a periodic job picks up members and categories (new, renamed, deleted) from their
 * change dates. The named jobs stay defined for indexing on demand and for jobs already waiting.
 */
export function registerSearchJobs(registrar: AddonRegistrar, context: AppContext): void {
  registrar.job<{ recordType: string; recordIDs: number[] }>(INDEX_RECORDS_JOB, ({ recordType, recordIDs }) =>
    indexRecords(context, recordType, recordIDs),
  );
  registrar.job<{ discussionID: number }>(REINDEX_DISCUSSION_JOB, ({ discussionID }) =>
    reindexDiscussion(context, discussionID),
  );
  registrar.job<{ discussionID: number }>(REMOVE_DISCUSSION_JOB, ({ discussionID }) =>
    searchIndexOf(context).removeDiscussion(discussionID),
  );
  registrar.job<{ discussionIDs: number[] }>(INDEX_DISCUSSION_TAGS_JOB, ({ discussionIDs }) =>
    indexDiscussionTags(context, discussionIDs),
  );
  registrar.job(SYNC_DIRECTORY_JOB, () => syncDirectoryRecords(context), { maxAttempts: 2 });

  // Durable subscriptions: each event's job is written in the event's own transaction, so an index update is
  // never lost to a crash after the write committed. Indexing a record again gives the same index.
  const index = (recordType: string, recordID: number) => indexRecords(context, recordType, [recordID]);
  registrar.on("discussion.created", ({ discussionID }) => index("discussion", discussionID));
  registrar.on("comment.created", ({ commentID }) => index("comment", commentID));
  registrar.on("comment.updated", ({ commentID }) => index("comment", commentID));
  registrar.on("comment.deleted", ({ commentID }) => index("comment", commentID));
  registrar.on("discussion.updated", ({ discussionID }) => reindexDiscussion(context, discussionID));
  // The forum's tags-changed event: the index's copy of those discussions' tags follows.
  registrar.on("discussion.tagsChanged", ({ discussionIDs }) => indexDiscussionTags(context, discussionIDs));
  registrar.on("discussion.deleted", ({ discussionID }) =>
    searchIndexOf(context).removeDiscussion(discussionID),
  );
}

/** How often members and categories are compared with the index. */
export const DIRECTORY_SYNC_SECONDS = 30;

/** Enqueues the periodic sync (at most one waiting) now and every DIRECTORY_SYNC_SECONDS while the app runs. */
export function scheduleDirectorySync(context: AppContext, onClose: (stop: () => void) => void): void {
  const enqueue = () =>
    context.jobs
      .enqueue(context.db, SYNC_DIRECTORY_JOB, {}, { uniqueKey: SYNC_DIRECTORY_JOB })
      .catch((error: unknown) => context.log.warn({ err: error }, "Could not schedule the search sync."));
  void enqueue();
  const timer = setInterval(() => void enqueue(), DIRECTORY_SYNC_SECONDS * 1000);
  timer.unref();
  onClose(() => clearInterval(timer));
}
