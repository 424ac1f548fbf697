import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { plural } from "@library/src/i18n/plural";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "@applications/forum/src/readState/readState.css";

export type JumpToUnreadProps = RenderedWidgetProps<"JumpToUnread">;

/** Above a discussion its member has unread comments in: the link to the first of them and how many. */
export function JumpToUnread({ url, countUnread }: JumpToUnreadProps) {
  return (
    <p className="jumpToUnread">
      <a className="jumpToUnread-link" href={siteUrl(url)}>
        {t("Jump to first unread")}
      </a>{" "}
      <span className="jumpToUnread-count">
        {plural(t("{count, plural, one {# new} other {# new}}"), countUnread)}
      </span>
    </p>
  );
}

/** The 'New' rule drawn above the first unread comment. */
export function UnreadDivider() {
  return (
    <div className="unreadDivider" role="separator">
      <span className="unreadDivider-label">{t("New")}</span>
    </div>
  );
}
