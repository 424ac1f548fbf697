/**
 * The words a member reads for each kind of notification (preferences page, unsubscribe page), in `t()` form.
 * A kind an application adds without a label is shown by its name.
 */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<string, string>> = {
  Comment: "Replies in discussions I started",
  Participated: "Replies in discussions I took part in or bookmarked",
  Mention: "Mentions of my name",
  ConversationMessage: "Private messages",
};

export function notificationKindLabel(activityType: string): string {
  return NOTIFICATION_KIND_LABELS[activityType] ?? activityType;
}
