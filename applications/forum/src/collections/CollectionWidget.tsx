import { useId } from "react";
import type { CollectionWidgetProps } from "@forum/api/collections";
import { siteUrl } from "@library/src/bootstrap/bootstrap";

export type { CollectionWidgetProps };

/**
 * A collection on the home layout: its title, then each record as a title-description card (the home page's
 * widget grid, the same markup the server writes in homePage.ts).
 */
export function CollectionWidget({ collectionID, title, items }: CollectionWidgetProps) {
  const headingID = useId();
  if (items.length === 0) return null;
  return (
    <section
      className="homeWidget collectionWidget"
      aria-labelledby={headingID}
      data-collection-id={collectionID}
    >
      <h2 className="homeWidget-title" id={headingID}>
        {title}
      </h2>
      <ul className="widgetGrid">
        {items.map((item) => (
          <li key={`${item.recordType}:${item.recordID}`} className="widgetGrid-item">
            <a className="widgetGrid-link" href={siteUrl(item.url)}>
              <span className="widgetGrid-name">{item.name}</span>
              {item.excerpt ? <span className="widgetGrid-description">{item.excerpt}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
