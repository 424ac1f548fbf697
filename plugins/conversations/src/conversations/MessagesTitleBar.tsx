import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { meCountOf } from "@library/src/notifications/meCounts";
import { useAppSelector } from "@library/src/redux/hooks";
import { InboxDropDown } from "@library/src/titleBar/InboxDropDowns";
import type { TitleBarItemComponentProps } from "@library/src/titleBar/TitleBarItemEntry";
import { MessagesIcon } from "@library/src/titleBar/titleBarIcons";
import { LazyMessagesMenuContent } from "./registerConversationWidgets";

/** The Messages list of the title bar's dropdown and of the compact 'My Account' panel's tab. */
export function MessagesPanel({ showTitle = true }: { showTitle?: boolean }) {
  return <LazyMessagesMenuContent showTitle={showTitle} />;
}

/** The title bar's 'Messages' dropdown with the unread count (the add-on's title-bar entry). */
export function MessagesDropDown({ item }: TitleBarItemComponentProps) {
  const user = useAppSelector(selectCurrentUser);
  const count = item.countName ? meCountOf(user, item.countName) : 0;
  return (
    <InboxDropDown label={item.label} icon={<MessagesIcon />} count={count}>
      <MessagesPanel />
    </InboxDropDown>
  );
}
