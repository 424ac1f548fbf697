import { countUnreadNotifications } from "@library/server/notifications/notificationsQueries";
import { registerMeCount } from "@library/server/users/meCounts";

/** `UnreadNotifications` of `GET /users/me-counts` and `countUnreadNotifications` of `GET /users/me`. */
export function registerNotificationsCount(): void {
  registerMeCount("UnreadNotifications", (context, viewer) =>
    countUnreadNotifications(context.db, viewer.userID),
  );
}
