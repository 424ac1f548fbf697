/** Activity types about a discussion's comments: many of them in one thread read as one line (`shouldBatch`). */
export const BATCHED_ACTIVITY_TYPES: readonly string[] = ["Comment", "Participated"];

/** Whether a notification joins its discussion's line of comment notifications. */
export function isBatchedNotification(notification: {
  activityType: string;
  discussionID?: number | null;
}): boolean {
  return (
    notification.discussionID !== null &&
    notification.discussionID !== undefined &&
    BATCHED_ACTIVITY_TYPES.includes(notification.activityType)
  );
}
