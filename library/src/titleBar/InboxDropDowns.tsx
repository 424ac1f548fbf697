import type { ReactNode } from "react";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { meCountOf, UNREAD_NOTIFICATIONS } from "@library/src/notifications/meCounts";
import { useAppSelector } from "@library/src/redux/hooks";
import { NotificationsPanel } from "@library/src/titleBar/InboxPanels";
import { BellIcon } from "@library/src/titleBar/titleBarIcons";
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

export interface InboxDropDownProps {
  label: string;
  icon: ReactNode;
  count: number;
  children: ReactNode;
}

/** A title-bar icon button with an unread badge that opens a flyout (Notifications, and add-ons' menus). */
export function InboxDropDown({ label, icon, count, children }: InboxDropDownProps) {
  return (
    <Flyout
      label={label}
      buttonClassName="titleBar-iconButton"
      contentsClassName="titleBar-inboxFlyout"
      buttonContent={<IconWithBadge icon={icon} count={count} label={label} />}
    >
      {children}
    </Flyout>
  );
}

/** The 'Notifications' dropdown with the unread count from the current user. */
export function NotificationsDropDown() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <InboxDropDown
      label={t("Notifications")}
      icon={<BellIcon />}
      count={meCountOf(user, UNREAD_NOTIFICATIONS)}
    >
      <NotificationsPanel />
    </InboxDropDown>
  );
}
