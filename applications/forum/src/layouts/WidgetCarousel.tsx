import { useState, type KeyboardEvent } from "react";
import type { WidgetItem } from "@forum/api/layoutWidgets";
import type { ItemContentType } from "@forum/api/storedLayouts";
import { isCompactDevice, useDevice } from "@library/src/device/device";
import { formatText, t } from "@library/src/i18n/translate";
import { WidgetItemView } from "@applications/forum/src/layouts/WidgetItemView";

/**
 * Items a few at a time (as many as the widget's columns, one on a phone) with Previous and Next buttons;
 * ArrowLeft / ArrowRight (as Previous / Next), Home and End move it while focus is inside. Only the items in
 * view are in the page, so keyboard and screen-reader users never land on a hidden one.
 */
export function WidgetCarousel({
  items,
  columns,
  contentType,
  label,
}: {
  items: WidgetItem[];
  columns: number;
  contentType: ItemContentType;
  label: string;
}) {
  const device = useDevice();
  const perView = isCompactDevice(device) ? 1 : Math.max(1, columns);
  const lastStart = Math.max(0, items.length - perView);
  const [requested, setStart] = useState(0);
  const start = Math.min(requested, lastStart);
  const shown = items.slice(start, start + perView);
  const move = (to: number) => setStart(Math.max(0, Math.min(lastStart, to)));
  const onKeyDown = (event: KeyboardEvent) => {
    const target = { ArrowLeft: start - perView, ArrowRight: start + perView, Home: 0, End: lastStart }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };
  return (
    <div
      className="widgetCarousel"
      role="region"
      aria-label={formatText(t("{title}, slides"), { title: label })}
      onKeyDown={onKeyDown}
    >
      <ul
        className="widgetItems widgetItems--carousel"
        style={{ gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }}
        aria-live="polite"
      >
        {shown.map((item, index) => (
          <li
            key={item.key}
            className="widgetItems-item"
            aria-label={formatText(t("{position} of {count}"), {
              position: start + index + 1,
              count: items.length,
            })}
          >
            <WidgetItemView item={item} contentType={contentType} />
          </li>
        ))}
      </ul>
      {items.length > perView ? (
        <div className="widgetCarousel-controls">
          <button
            type="button"
            className="button widgetCarousel-button"
            onClick={() => move(start - perView)}
            // aria-disabled, not disabled: the button keeps focus at either end, so the arrow keys still work.
            aria-disabled={start === 0}
          >
            <span aria-hidden="true">‹ </span>
            {t("Previous")}
          </button>
          <span className="widgetCarousel-position">
            {formatText(t("{first}–{last} of {count}"), {
              first: start + 1,
              last: start + shown.length,
              count: items.length,
            })}
          </span>
          <button
            type="button"
            className="button widgetCarousel-button"
            onClick={() => move(start + perView)}
            aria-disabled={start >= lastStart}
          >
            {t("Next")}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
