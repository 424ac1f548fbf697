import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";
import { paths } from "@library/src/routing/paths";

interface InboxPanelProps {
  title: string;
  emptyText: string;
  allLabel: string;
  allHref: string;
  /** Show the title row (the dropdown does; the tabbed side panel already names it). */
  showTitle: boolean;
}

/**
 * The list area of a Notifications or Messages menu. The lists themselves arrive with the notifications and
 * conversations features; until then the panel says there is nothing yet and links to the full page.
 */
function InboxPanel({ title, emptyText, allLabel, allHref, showTitle }: InboxPanelProps) {
  return (
    <div className="titleBarInbox">
      {showTitle && <h2 className="titleBarInbox-title">{title}</h2>}
      <p className="titleBarInbox-empty">{emptyText}</p>
      <div className="titleBarInbox-footer">
        <a className="titleBarInbox-all" href={allHref}>
          {allLabel}
        </a>
      </div>
    </div>
  );
}

/**
 * The features register their menus (`NotificationsMenuContent`, `MessagesMenuContent`) in the component
 * registry; the placeholder stays when a feature is absent.
 */
export function NotificationsPanel({ showTitle = true }: { showTitle?: boolean }) {
  const Registered = getComponent("NotificationsMenuContent");
  if (Registered) return <Registered showTitle={showTitle} />;
  return (
    <InboxPanel
      title={t("Notifications")}
      emptyText={t("There are no notifications yet.")}
      allLabel={t("All Notifications")}
      allHref={siteUrl(paths.notifications)}
      showTitle={showTitle}
    />
  );
}

export function MessagesPanel({ showTitle = true }: { showTitle?: boolean }) {
  const Registered = getComponent("MessagesMenuContent");
  if (Registered) return <Registered showTitle={showTitle} />;
  return (
    <InboxPanel
      title={t("Messages")}
      emptyText={t("There are no messages yet.")}
      allLabel={t("All Messages")}
      allHref={siteUrl(paths.messages)}
      showTitle={showTitle}
    />
  );
}
