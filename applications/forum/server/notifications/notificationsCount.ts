import type { AppContext } from "@library/server/app/appContext";
import { countUnreadNotifications } from "@library/server/notifications/notificationsQueries";
import { registerMeCount } from "@library/server/users/meCounts";

/** `UnreadNotifications` of `GET /users/me-counts` and `countUnreadNotifications` of `GET /users/me`. */
export function registerNotificationsCount(context: AppContext): void {
  registerMeCount(context, "UnreadNotifications", (appContext, viewer) =>
    countUnreadNotifications(appContext.db, viewer.userID),
  );
}
