import type { TitleBarItem } from "@forum/api/titleBar";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { meCountOf, UNREAD_NOTIFICATIONS } from "@library/src/notifications/meCounts";
import { useAppSelector } from "@library/src/redux/hooks";
import { NotificationsPanel } from "@library/src/titleBar/InboxPanels";
import { getComponent } from "@library/src/registry/componentRegistry";
import { MY_ACCOUNT_PHOTO_SIZE } from "@library/src/titleBar/MyAccountDropDown";
import { useAccountLinks } from "@library/src/titleBar/useAccountLinks";
import { UserPhoto } from "@library/src/titleBar/UserPhoto";
import { useSignOut } from "@library/src/titleBar/useSignOut";
import { Button } from "@library/src/ui/Button/Button";
import { CountBadge } from "@library/src/ui/CountBadge/CountBadge";
import { Modal } from "@library/src/ui/Modal/Modal";
import { Tabs, type TabItem } from "@library/src/ui/Tabs/Tabs";

function AccountTab({ items }: { items: readonly TitleBarItem[] }) {
  const user = useAppSelector(selectCurrentUser);
  const links = useAccountLinks(items);
  const { signOut, isSigningOut } = useSignOut();
  return (
    <div className="titleBarPanel-account">
      <div className="titleBar-meBoxHeader">
        <UserPhoto photoUrl={user.photoUrl} size={MY_ACCOUNT_PHOTO_SIZE} />
        <span className="titleBar-meBoxName">{user.name}</span>
      </div>
      <ul className="titleBarPanel-list">
        {links.map((link) => (
          <li key={link.id}>
            <a className="titleBarPanel-link" href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <Button className="titleBarPanel-signOut" pending={isSigningOut} onClick={() => void signOut()}>
        {t("Sign Out")}
      </Button>
    </div>
  );
}

function TabLabel({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label}
      <CountBadge count={count} className="titleBarPanel-tabBadge" />
    </>
  );
}

export interface MyAccountPanelProps {
  isVisible: boolean;
  onClose: () => void;
  items: readonly TitleBarItem[];
}

/**
 * Compact widths: the 'My Account' side panel from the right, with account and notifications tabs and a tab for
 * each contributed entry that registered a panel (e.g. Messages).
 */
export function MyAccountPanel({ isVisible, onClose, items }: MyAccountPanelProps) {
  const user = useAppSelector(selectCurrentUser);
  const tabs: TabItem[] = [
    { label: t("Account"), panel: <AccountTab items={items} /> },
    {
      label: <TabLabel label={t("Notifications")} count={meCountOf(user, UNREAD_NOTIFICATIONS)} />,
      panel: <NotificationsPanel showTitle={false} />,
    },
  ];
  for (const item of items) {
    const Panel = item.panelComponent ? getComponent(item.panelComponent) : undefined;
    if (!Panel) continue;
    tabs.push({
      label: <TabLabel label={item.label} count={item.countName ? meCountOf(user, item.countName) : 0} />,
      panel: <Panel showTitle={false} />,
    });
  }
  return (
    <Modal
      isVisible={isVisible}
      onClose={onClose}
      title={t("My Account")}
      size="sidePanelRight"
      className="titleBarPanel"
    >
      <Tabs label={t("My Account")} tabs={tabs} />
    </Modal>
  );
}
