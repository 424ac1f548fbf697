import type { AppContext } from "@library/server/app/appContext";
import { registerMeCount } from "@library/server/users/meCounts";
import { countUnreadNotificationLines } from "./notificationGroups";

/**
 * `UnreadNotifications` of `GET /users/me-counts` and `countUnreadNotifications` of `GET /users/me`: unread
 * lines as the list groups them, so the badge matches what the member sees.
 */
export function registerNotificationsCount(context: AppContext): void {
  registerMeCount(context, "UnreadNotifications", (appContext, viewer) =>
    countUnreadNotificationLines(appContext.db, viewer.userID),
  );
}
