import type { AppContext } from "@library/server/app/appContext";
import { registerMeCount } from "@library/server/users/meCounts";
import { countUnreadNotificationLines } from "./notificationGroups";

/**
 * `UnreadNotifications` of `GET /users/me-counts` and `countUnreadNotifications` of `GET /users/me`: unread
 * lines as the list groups them, so the badge matches what the member sees; notifications another badge already
 * counts (a counter's `coversNotifications`, e.g. a private message in its own menu) are left out.
 */
export function registerNotificationsCount(context: AppContext): void {
  registerMeCount(context, {
    name: "UnreadNotifications",
    sort: 10,
    onMe: true,
    count: (appContext, viewer) =>
      countUnreadNotificationLines(
        appContext.db,
        viewer.userID,
        appContext.meCounts.coveredNotificationTypes(),
      ),
  });
}
