import { useEffect } from "react";
import type { Notification } from "@forum/api/notifications";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { LoadStatus } from "@library/src/loadable/loadable";
import {
  selectLatestNotifications,
  selectLatestNotificationsStatus,
  selectMarkAllStatus,
} from "@library/src/notifications/notificationsSlice";
import { fetchNotifications, markAllNotificationsRead } from "@library/src/notifications/notificationsThunks";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { paths } from "@library/src/routing/paths";
import { Button } from "@library/src/ui/Button/Button";
import { classNames } from "@library/src/ui/classNames";
import { Loader } from "@library/src/ui/Loader/Loader";
import "./NotificationsMenuContent.css";

/** Each row goes through its read URL: the server marks it read and forwards to the target. */
function NotificationItem({ notification }: { notification: Notification }) {
  return (
    <li className={classNames("notificationsMenu-item", !notification.read && "isUnread")}>
      <a className="notificationsMenu-link" href={siteUrl(notification.readUrl)}>
        {notification.photoUrl && (
          <img
            className="notificationsMenu-photo"
            src={notification.photoUrl}
            alt=""
            width={32}
            height={32}
          />
        )}
        {/* The body is server-rendered HTML with at most <b> tags (API.md 13). */}
        <span className="notificationsMenu-body" dangerouslySetInnerHTML={{ __html: notification.body }} />
        {!notification.read && <span className="notificationsMenu-unreadDot" aria-label={t("Unread")} />}
      </a>
    </li>
  );
}

/**
 * The title bar's Notifications menu (SPEC 2): the latest 10 notifications, unread ones highlighted, a
 * 'Mark All Read' button and the 'All Notifications' link. Registered as `NotificationsMenuContent`.
 */
export function NotificationsMenuContent({ showTitle = true }: { showTitle?: boolean }) {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectLatestNotifications);
  const status = useAppSelector(selectLatestNotificationsStatus);
  const markAllStatus = useAppSelector(selectMarkAllStatus);
  const error = useAppSelector((state) => {
    const latest = state.notifications?.latest;
    return latest?.status === LoadStatus.ERROR ? latest.error : undefined;
  });

  useEffect(() => {
    void dispatch(fetchNotifications());
  }, [dispatch]);

  const hasUnread = notifications.some((notification) => !notification.read);
  const settled = status === LoadStatus.SUCCESS || status === LoadStatus.ERROR;
  return (
    <div className="titleBarInbox notificationsMenu">
      {showTitle && <h2 className="titleBarInbox-title">{t("Notifications")}</h2>}
      <div className="notificationsMenu-actions">
        <Button
          variant="text"
          compact
          pending={markAllStatus === LoadStatus.LOADING}
          disabled={!hasUnread}
          onClick={() => void dispatch(markAllNotificationsRead())}
        >
          {t("Mark All Read")}
        </Button>
      </div>
      {!settled && notifications.length === 0 && <Loader size="small" />}
      {error && notifications.length === 0 && (
        <p className="titleBarInbox-empty" role="alert">
          {error.message}
        </p>
      )}
      {status === LoadStatus.SUCCESS && notifications.length === 0 && (
        <p className="titleBarInbox-empty">{t("There are no notifications yet.")}</p>
      )}
      {notifications.length > 0 && (
        <ul className="notificationsMenu-list">
          {notifications.map((notification) => (
            <NotificationItem key={notification.notificationID} notification={notification} />
          ))}
        </ul>
      )}
      <div className="titleBarInbox-footer">
        <a className="titleBarInbox-all" href={siteUrl(paths.notifications)}>
          {t("All Notifications")}
        </a>
      </div>
    </div>
  );
}
