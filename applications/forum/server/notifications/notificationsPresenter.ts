import type { Notification } from "@forum/api/notifications";
import type { DbOrTx } from "@library/server/db/database";
import type { Translate } from "@library/server/i18n/translate";
import type { Viewer } from "@library/server/permissions/viewer";
import {
  presentNotification,
  type NotificationRow,
} from "@library/server/notifications/notificationsQueries";
import { discussionUrl } from "../content/urls";
import { getCategoryTree, hasCategoryPermission } from "../categories/categoryTree";
import { loadDiscussionRows } from "../discussions/discussionRows";
import { groupBody, type NotificationGroup } from "./notificationGroups";

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
  return withDiscussions(db, viewer, rows, rows.map(presentNotification), expand);
}

/**
 * Grouped lines (`shouldBatch`): the newest notification's id and photo, the group's count and body, and the
 * oldest one's address (the first comment of the thread the member has not seen).
 */
export async function presentNotificationGroups(
  db: DbOrTx,
  viewer: Viewer,
  groups: readonly NotificationGroup[],
  t: Translate,
  expand: readonly string[] = [],
): Promise<Notification[]> {
  const lines = groups.map((group) => ({
    ...presentNotification(group.latest),
    body: groupBody(group, t),
    count: group.count,
    url: group.count > 1 ? group.oldest.url : group.latest.url,
  }));
  return withDiscussions(
    db,
    viewer,
    groups.map((group) => group.latest),
    lines,
    expand,
  );
}

async function withDiscussions(
  db: DbOrTx,
  viewer: Viewer,
  rows: readonly NotificationRow[],
  notifications: Notification[],
  expand: readonly string[],
): Promise<Notification[]> {
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
