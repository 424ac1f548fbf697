import { useId } from "react";
import type { ItemsWidgetProps } from "@forum/api/layoutWidgets";
import { maxColumnsFor } from "@forum/api/layoutWidgetOptions";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import { WidgetCarousel } from "@applications/forum/src/layouts/WidgetCarousel";
import { WidgetItemView } from "@applications/forum/src/layouts/WidgetItemView";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/widgetItems.css";

/**
 * A widget of items (SPEC 2 "Home widgets"): discussions, categories or links in a grid, a carousel, a list or
 * a row of links, at most the columns SPEC 9 allows for the content type.
 */
export function ItemsWidget({ title, items, itemOptions, viewAllUrl }: ItemsWidgetProps) {
  const headingID = useId();
  const { contentType, displayType } = itemOptions;
  const columns = Math.min(itemOptions.maxColumnCount, maxColumnsFor(contentType, displayType));
  const label = title ?? t("Items");
  let body;
  if (items.length === 0) body = <p className="emptyMessage">{t("Nothing to show yet.")}</p>;
  else if (displayType === "carousel")
    body = <WidgetCarousel items={items} columns={columns} contentType={contentType} label={label} />;
  else
    body = (
      <ul
        className={classNames("widgetItems", `widgetItems--${displayType}`)}
        style={displayType === "grid" ? { ["--widgetItems-columns" as string]: columns } : undefined}
      >
        {items.map((item) => (
          <li key={item.key} className="widgetItems-item">
            <WidgetItemView item={item} contentType={displayType === "link" ? "title" : contentType} />
          </li>
        ))}
      </ul>
    );
  return (
    <section
      className="itemsWidget"
      aria-labelledby={title ? headingID : undefined}
      aria-label={title ? undefined : label}
    >
      {title ? (
        <h2 className="widget-title" id={headingID}>
          {title}
        </h2>
      ) : null}
      {body}
      {viewAllUrl && items.length > 0 ? (
        <p className="itemsWidget-more">
          <a href={siteUrl(viewAllUrl)}>{t("View All")}</a>
        </p>
      ) : null}
    </section>
  );
}
