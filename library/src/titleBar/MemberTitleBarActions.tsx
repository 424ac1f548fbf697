import type { TitleBarItem } from "@forum/api/titleBar";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { meCountOf, UNREAD_NOTIFICATIONS } from "@library/src/notifications/meCounts";
import { useLiveUpdates } from "@library/src/notifications/useLiveUpdates";
import { useAppSelector } from "@library/src/redux/hooks";
import { useEmailConfirmationToast } from "@library/src/titleBar/emailConfirmationToast";
import { NotificationsDropDown } from "@library/src/titleBar/InboxDropDowns";
import { MyAccountDropDown, TITLE_BAR_PHOTO_SIZE } from "@library/src/titleBar/MyAccountDropDown";
import { TitleBarItemEntry, unreadCountOfItems } from "@library/src/titleBar/TitleBarItemEntry";
import { UserPhoto } from "@library/src/titleBar/UserPhoto";

export interface MemberTitleBarActionsProps {
  /** Below 800 px: one My Account button opens the side panel instead of the dropdowns. */
  compact: boolean;
  items: TitleBarItem[];
  accountPanelOpen: boolean;
  onOpenAccountPanel: () => void;
}

/**
 * The signed-in member's side of the title bar (SPEC 2): the Notifications dropdown, the contributed entries
 * (e.g. Messages) and My Account, or on a compact screen the My Account button with its unread dot; with them the
 * live badge counts and the email-confirmation toast. A chunk of its own, loaded only for members.
 */
export function MemberTitleBarActions({
  compact,
  items,
  accountPanelOpen,
  onOpenAccountPanel,
}: MemberTitleBarActionsProps) {
  const user = useAppSelector(selectCurrentUser);
  useEmailConfirmationToast();
  // Live badge counts and new notifications while signed in.
  useLiveUpdates(true);
  if (!compact)
    return (
      <>
        <NotificationsDropDown />
        {items.map((item) => (
          <TitleBarItemEntry key={item.key} item={item} />
        ))}
        <MyAccountDropDown items={items} />
      </>
    );
  return (
    <button
      type="button"
      className="titleBar-iconButton titleBar-meButton"
      aria-label={t("My Account")}
      aria-haspopup="dialog"
      aria-expanded={accountPanelOpen}
      onClick={onOpenAccountPanel}
    >
      <UserPhoto photoUrl={user.photoUrl} size={TITLE_BAR_PHOTO_SIZE} />
      {meCountOf(user, UNREAD_NOTIFICATIONS) + unreadCountOfItems(user, items) > 0 && (
        <span className="titleBar-meDot" aria-hidden="true" />
      )}
    </button>
  );
}
