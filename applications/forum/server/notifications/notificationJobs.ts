import type { AppContext } from "@library/server/app/appContext";
import { recordNames } from "@library/server/cache/recordNames";
import type { JobInfo } from "@library/server/jobs/jobQueue";
import { notifyCommentCreated, notifyDiscussionCreated } from "./notificationTriggers";

/** Job names of the forum's notification fan-out (enqueued inside the write's transaction). */
export const NOTIFY_COMMENT_CREATED = "forum.notifyCommentCreated";
export const NOTIFY_DISCUSSION_CREATED = "forum.notifyDiscussionCreated";

declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    "comment.created": { commentID: number; discussionID: number; insertUserID: number };
    "discussion.created": { discussionID: number; categoryID: number; insertUserID: number };
    "discussion.updated": { discussionID: number };
    "discussion.deleted": { discussionID: number };
    "comment.updated": { commentID: number };
    "comment.deleted": { commentID: number };
  }
}

/**
 * Notifications of a new comment or discussion (participants, mentions, preferences, mail) run as jobs after
 * the write commits: the request's cost no longer grows with the number of people notified. They change only
 * what each recipient sees (their notifications and counts), so they retire no public cache.
 */
export function defineNotificationJobs(context: AppContext): void {
  context.jobs.define<{ commentID: number }>(
    NOTIFY_COMMENT_CREATED,
    async ({ commentID }, job) => noteRecipients(job, await notifyCommentCreated(context, commentID)),
    { owner: "forum" },
  );
  context.jobs.define<{ discussionID: number }>(
    NOTIFY_DISCUSSION_CREATED,
    async ({ discussionID }, job) =>
      noteRecipients(job, await notifyDiscussionCreated(context, discussionID)),
    { owner: "forum" },
  );
}

/** The recipients' own state changed (a run after a crash names them again, its notifications already stored). */
function noteRecipients(job: JobInfo, userIDs: readonly number[]): void {
  job.noteChanged(...userIDs.map((userID) => recordNames.member(userID)));
}
