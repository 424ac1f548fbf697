import { NotificationsMenuContent } from "@library/src/notifications/NotificationsMenuContent";
import { registerComponent } from "@library/src/registry/componentRegistry";

/** The title bar's Notifications menu; InboxPanels renders it when registered. */
export function registerNotificationWidgets(): void {
  registerComponent("NotificationsMenuContent", NotificationsMenuContent);
}
