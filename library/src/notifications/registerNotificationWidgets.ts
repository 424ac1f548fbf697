import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/** The title bar's Notifications menu (fetched when the menu first opens); InboxPanels renders it when registered. */
export function registerNotificationWidgets(): void {
  registerLazyComponent("NotificationsMenuContent", () =>
    import("@library/src/notifications/NotificationsMenuContent").then(
      (module) => module.NotificationsMenuContent,
    ),
  );
}
