import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import { recordNames } from "@library/server/cache/recordNames";
import type { JobInfo } from "@library/server/jobs/jobQueue";
import "@library/server/search/siteSearch";
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
  // Each job names the record it indexed: the search answers (which depend on anything public) are retired, and
  // no other page's cache.
  const index = async (recordType: "discussion" | "comment", recordID: number, job: JobInfo) => {
    await indexRecords(context, recordType, [recordID]);
    job.noteChanged(recordNames[recordType](recordID));
  };
  registrar.on("discussion.created", ({ discussionID }, job) => index("discussion", discussionID, job));
  registrar.on("comment.created", ({ commentID }, job) => index("comment", commentID, job));
  registrar.on("comment.updated", ({ commentID }, job) => index("comment", commentID, job));
  registrar.on("comment.deleted", ({ commentID }, job) => index("comment", commentID, job));
  registrar.on("discussion.updated", async ({ discussionID }, job) => {
    await reindexDiscussion(context, discussionID);
    job.noteChanged(recordNames.discussion(discussionID));
  });
  // The forum's tags-changed event: the index's copy of those discussions' tags follows.
  registrar.on("discussion.tagsChanged", async ({ discussionIDs }, job) => {
    await indexDiscussionTags(context, discussionIDs);
    job.noteChanged(...discussionIDs.map((discussionID) => recordNames.discussion(discussionID)));
  });
  // Another add-on's records (its own search record type) written or removed: their documents follow.
  // Naming nothing retires every public cache, the search answers with them.
  registrar.on("searchRecords.changed", ({ recordType, recordIDs }) =>
    indexRecords(context, recordType, recordIDs),
  );
  registrar.on("discussion.deleted", async ({ discussionID }, job) => {
    await searchIndexOf(context).removeDiscussion(discussionID);
    job.noteChanged(recordNames.discussion(discussionID));
  });
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
