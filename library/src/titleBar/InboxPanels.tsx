import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";
import { paths } from "@library/src/routing/paths";

export interface InboxPanelProps {
  title: string;
  emptyText: string;
  allLabel: string;
  allHref: string;
  /** Show the title row (the dropdown does; the tabbed side panel already names it). */
  showTitle: boolean;
}

/**
 * The list area of an inbox menu (Notifications, and add-ons' menus such as Messages) before its feature's list
 * has loaded or when the feature registered none: says there is nothing yet and links to the full page.
 */
export function InboxPanel({ title, emptyText, allLabel, allHref, showTitle }: InboxPanelProps) {
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
 * The notifications feature registers its menu (`NotificationsMenuContent`) in the component registry; the
 * placeholder stays when it is absent.
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
