import type { ReactNode } from "react";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { MessagesPanel, NotificationsPanel } from "@library/src/titleBar/InboxPanels";
import { BellIcon, MessagesIcon } from "@library/src/titleBar/titleBarIcons";
import { CountBadge } from "@library/src/ui/CountBadge/CountBadge";
import { Flyout } from "@library/src/ui/Flyout/Flyout";

function IconWithBadge({ icon, count, label }: { icon: ReactNode; count: number; label: string }) {
  return (
    <span className="titleBar-iconWithBadge">
      {icon}
      <CountBadge count={count} label={label} className="titleBar-badge" />
    </span>
  );
}

/** The 'Notifications' dropdown with the unread count from the current user. */
export function NotificationsDropDown() {
  const { countUnreadNotifications } = useAppSelector(selectCurrentUser);
  const label = t("Notifications");
  return (
    <Flyout
      label={label}
      buttonClassName="titleBar-iconButton"
      contentsClassName="titleBar-inboxFlyout"
      buttonContent={<IconWithBadge icon={<BellIcon />} count={countUnreadNotifications} label={label} />}
    >
      <NotificationsPanel />
    </Flyout>
  );
}

/** The 'Messages' dropdown (only rendered when conversations are enabled) with the unread count. */
export function MessagesDropDown() {
  const { countUnreadConversations } = useAppSelector(selectCurrentUser);
  const label = t("Messages");
  return (
    <Flyout
      label={label}
      buttonClassName="titleBar-iconButton"
      contentsClassName="titleBar-inboxFlyout"
      buttonContent={<IconWithBadge icon={<MessagesIcon />} count={countUnreadConversations} label={label} />}
    >
      <MessagesPanel />
    </Flyout>
  );
}
