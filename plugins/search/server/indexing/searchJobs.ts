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
 * The index follows the forum through jobs: each domain event enqueues one (durable, retried), and a periodic
 * job picks up members and categories (new, renamed, deleted) from their change dates.
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

  const indexLater = (recordType: string, recordID: number) =>
    context.jobs.enqueue(context.db, INDEX_RECORDS_JOB, { recordType, recordIDs: [recordID] });
  registrar.on("discussion.created", ({ discussionID }) => indexLater("discussion", discussionID));
  registrar.on("comment.created", ({ commentID }) => indexLater("comment", commentID));
  registrar.on("comment.updated", ({ commentID }) => indexLater("comment", commentID));
  registrar.on("comment.deleted", ({ commentID }) => indexLater("comment", commentID));
  registrar.on("discussion.updated", ({ discussionID }) =>
    context.jobs.enqueue(context.db, REINDEX_DISCUSSION_JOB, { discussionID }),
  );
  // The forum's tags-changed event: the index's copy of those discussions' tags follows.
  registrar.on("discussion.tagsChanged", ({ discussionIDs }) =>
    context.jobs.enqueue(context.db, INDEX_DISCUSSION_TAGS_JOB, { discussionIDs }),
  );
  registrar.on("discussion.deleted", ({ discussionID }) =>
    context.jobs.enqueue(context.db, REMOVE_DISCUSSION_JOB, { discussionID }),
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
