import type { TitleBarItem } from "@forum/api/titleBar";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { useAccountLinks } from "@library/src/titleBar/useAccountLinks";
import { UserPhoto } from "@library/src/titleBar/UserPhoto";
import { useSignOut } from "@library/src/titleBar/useSignOut";
import {
  DropDownItemButton,
  DropDownItemLink,
  DropDownSeparator,
} from "@library/src/ui/DropDownMenu/DropDownItems";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";

/** SPEC 9: the My Account dropdown is 300 px wide with a 70 px photo. */
export const MY_ACCOUNT_PHOTO_SIZE = 70;
export const TITLE_BAR_PHOTO_SIZE = 28;

/** The 'My Account' dropdown: photo and name, account links and Sign Out. */
export function MyAccountDropDown({ items }: { items: readonly TitleBarItem[] }) {
  const user = useAppSelector(selectCurrentUser);
  const links = useAccountLinks(items);
  const { signOut, isSigningOut } = useSignOut();
  return (
    <DropDownMenu
      label={t("My Account")}
      buttonClassName="titleBar-iconButton titleBar-meButton"
      contentsClassName="titleBar-meBox"
      buttonContent={<UserPhoto photoUrl={user.photoUrl} size={TITLE_BAR_PHOTO_SIZE} />}
    >
      <div role="presentation" className="titleBar-meBoxHeader">
        <UserPhoto photoUrl={user.photoUrl} size={MY_ACCOUNT_PHOTO_SIZE} />
        <span className="titleBar-meBoxName">{user.name}</span>
      </div>
      <DropDownSeparator />
      {links.map((link) => (
        <DropDownItemLink key={link.id} href={link.href}>
          {link.label}
        </DropDownItemLink>
      ))}
      <DropDownSeparator />
      <DropDownItemButton onClick={() => void signOut()} disabled={isSigningOut}>
        {t("Sign Out")}
      </DropDownItemButton>
    </DropDownMenu>
  );
}
