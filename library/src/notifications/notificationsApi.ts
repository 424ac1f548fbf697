import type { Notification } from "@forum/api/notifications";
import { apiv2 } from "@library/src/api/apiClient";

/** The latest notifications of the session user, newest first. */
export async function getNotifications(limit: number): Promise<Notification[]> {
  const response = await apiv2.get<Notification[]>("notifications", { params: { limit } });
  return response.data;
}

export async function patchNotificationRead(notificationID: number): Promise<Notification> {
  const response = await apiv2.patch<Notification>(`notifications/${notificationID}`, { read: true });
  return response.data;
}

/** `PATCH /notifications` (204): every stored notification read. */
export async function patchAllNotificationsRead(): Promise<void> {
  await apiv2.patch("notifications", { read: true });
}
