import type { Notification } from "@forum/api/notifications";
import type { DbOrTx } from "@library/server/db/database";
import {
  presentNotification,
  type NotificationRow,
} from "@library/server/notifications/notificationsQueries";
import { discussionUrl } from "../content/urls";
import { loadDiscussionRows } from "../discussions/discussionRows";

/** Notifications in the API shape; `expand=discussion` (or `all`) adds the discussion in one batched query. */
export async function presentNotifications(
  db: DbOrTx,
  rows: readonly NotificationRow[],
  expand: readonly string[] = [],
): Promise<Notification[]> {
  const notifications = rows.map(presentNotification);
  if (!expand.includes("discussion") && !expand.includes("all")) return notifications;
  const ids = [...new Set(rows.flatMap((row) => (row.discussionID === null ? [] : [row.discussionID])))];
  const discussions = new Map((await loadDiscussionRows(db, ids)).map((row) => [row.discussionID, row]));
  return notifications.map((notification) => {
    const discussion =
      notification.discussionID == null ? undefined : discussions.get(notification.discussionID);
    if (!discussion) return notification;
    return {
      ...notification,
      discussion: {
        discussionID: discussion.discussionID,
        name: discussion.name,
        url: discussionUrl(discussion.discussionID, discussion.name),
        categoryID: discussion.categoryID,
      },
    };
  });
}
