import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { MessagesPanel, NotificationsPanel } from "@library/src/titleBar/InboxPanels";
import { MY_ACCOUNT_PHOTO_SIZE } from "@library/src/titleBar/MyAccountDropDown";
import { useAccountLinks } from "@library/src/titleBar/useAccountLinks";
import { UserPhoto } from "@library/src/titleBar/UserPhoto";
import { useSignOut } from "@library/src/titleBar/useSignOut";
import { Button } from "@library/src/ui/Button/Button";
import { CountBadge } from "@library/src/ui/CountBadge/CountBadge";
import { Modal } from "@library/src/ui/Modal/Modal";
import { Tabs, type TabItem } from "@library/src/ui/Tabs/Tabs";

function AccountTab({ conversationsEnabled }: { conversationsEnabled: boolean }) {
  const user = useAppSelector(selectCurrentUser);
  const links = useAccountLinks(conversationsEnabled);
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
  conversationsEnabled: boolean;
}

/** Compact widths: the 'My Account' side panel from the right, with account, notifications and messages tabs. */
export function MyAccountPanel({ isVisible, onClose, conversationsEnabled }: MyAccountPanelProps) {
  const user = useAppSelector(selectCurrentUser);
  const tabs: TabItem[] = [
    { label: t("Account"), panel: <AccountTab conversationsEnabled={conversationsEnabled} /> },
    {
      label: <TabLabel label={t("Notifications")} count={user.countUnreadNotifications} />,
      panel: <NotificationsPanel showTitle={false} />,
    },
  ];
  if (conversationsEnabled) {
    tabs.push({
      label: <TabLabel label={t("Messages")} count={user.countUnreadConversations} />,
      panel: <MessagesPanel showTitle={false} />,
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
