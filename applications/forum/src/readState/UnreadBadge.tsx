import type { Discussion } from "@forum/api/discussions";
import { plural } from "@library/src/i18n/plural";
import { t } from "@library/src/i18n/translate";
import "@applications/forum/src/readState/readState.css";

/** Never opened by the member: the whole thread is new to them. */
export function isNewToMember(discussion: Discussion): boolean {
  return discussion.unread && !discussion.dateLastViewed;
}

/** Where a list row leads: the first unread comment for a returning member, else the discussion. */
export function discussionHref(discussion: Discussion): string {
  return discussion.dateLastViewed && (discussion.countUnread ?? 0) > 0
    ? `/discussion/unread/${discussion.discussionID}`
    : discussion.url;
}

/** 'New' for a discussion never opened, '3 new' for unread comments, nothing when read. */
export function UnreadBadge({ discussion }: { discussion: Discussion }) {
  if (isNewToMember(discussion)) return <span className="unreadBadge unreadBadge-new">{t("New")}</span>;
  const count = discussion.countUnread ?? 0;
  if (!discussion.unread || count <= 0) return null;
  return (
    <span className="unreadBadge">{plural(t("{count, plural, one {# new} other {# new}}"), count)}</span>
  );
}
