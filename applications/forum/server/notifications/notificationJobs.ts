import type { AppContext } from "@library/server/app/appContext";
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
 * the write commits: the request's cost no longer grows with the number of people notified.
 */
export function defineNotificationJobs(context: AppContext): void {
  context.jobs.define<{ commentID: number }>(
    NOTIFY_COMMENT_CREATED,
    ({ commentID }) => notifyCommentCreated(context, commentID),
    { owner: "forum" },
  );
  context.jobs.define<{ discussionID: number }>(
    NOTIFY_DISCUSSION_CREATED,
    ({ discussionID }) => notifyDiscussionCreated(context, discussionID),
    { owner: "forum" },
  );
}
