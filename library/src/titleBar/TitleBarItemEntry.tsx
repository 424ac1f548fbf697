import type { TitleBarItem } from "@forum/api/titleBar";
import type { Me } from "@forum/api/users";
import { meCountOf } from "@library/src/notifications/meCounts";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { getComponent } from "@library/src/registry/componentRegistry";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { useAppSelector } from "@library/src/redux/hooks";
import { CountBadge } from "@library/src/ui/CountBadge/CountBadge";

/** What a contributed entry's registered component receives. */
export interface TitleBarItemComponentProps {
  item: TitleBarItem;
}

/**
 * One contributed title-bar entry: the add-on's registered component (a dropdown with its badge), or a plain
 * link while that component is not registered.
 */
export function TitleBarItemEntry({ item }: { item: TitleBarItem }) {
  const Registered = item.component ? getComponent(item.component) : undefined;
  const user = useAppSelector(selectCurrentUser);
  if (Registered) return <Registered item={item} />;
  // A plain entry with a counter (Review: the moderation queue) shows it live beside its label.
  const count = item.countName ? meCountOf(user, item.countName) : 0;
  return (
    <a className="titleBar-link titleBar-itemLink" href={siteUrl(item.href)}>
      {item.label}
      <CountBadge count={count} className="titleBar-itemCount" />
    </a>
  );
}

/** The unread counts of the contributed entries, for the compact account button's dot. */
export function unreadCountOfItems(user: Pick<Me, "counts">, items: readonly TitleBarItem[]): number {
  return items.reduce((sum, item) => sum + (item.countName ? meCountOf(user, item.countName) : 0), 0);
}
