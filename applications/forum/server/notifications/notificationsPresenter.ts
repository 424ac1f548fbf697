import type { Notification } from "@forum/api/notifications";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import {
  presentNotification,
  type NotificationRow,
} from "@library/server/notifications/notificationsQueries";
import { discussionUrl } from "../content/urls";
import { getCategoryTree, hasCategoryPermission } from "../categories/categoryTree";
import { loadDiscussionRows } from "../discussions/discussionRows";

/**
 * Notifications in the API shape; `expand=discussion` (or `all`) adds the discussion in one batched query, only
 * where the reader may still view it (a discussion moved to a category they cannot see, or renamed there, stays
 * out: its current name, URL and category are not theirs to learn).
 */
export async function presentNotifications(
  db: DbOrTx,
  viewer: Viewer,
  rows: readonly NotificationRow[],
  expand: readonly string[] = [],
): Promise<Notification[]> {
  const notifications = rows.map(presentNotification);
  if (!expand.includes("discussion") && !expand.includes("all")) return notifications;
  const ids = [...new Set(rows.flatMap((row) => (row.discussionID === null ? [] : [row.discussionID])))];
  const [loaded, tree] = await Promise.all([loadDiscussionRows(db, ids), getCategoryTree(db)]);
  const viewable = loaded.filter((row) =>
    hasCategoryPermission(tree, viewer, "discussions.view", row.categoryID),
  );
  const discussions = new Map(viewable.map((row) => [row.discussionID, row]));
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
