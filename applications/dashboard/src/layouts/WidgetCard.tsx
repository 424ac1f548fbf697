import { useState, type DragEvent } from "react";
import type { Fragment } from "@forum/api/fragments";
import { DEVICE_VISIBILITIES } from "@forum/api/layoutWidgetOptions";
import type { WidgetSpec } from "@forum/api/storedLayouts";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import type { WidgetPlace } from "./layoutEditorModel";
import { deviceLabel, widgetKindLabel } from "./layoutLabels";
import { WidgetOptionsForm } from "./WidgetOptionsForm";

/** The drag payload type: a widget's place, as JSON. */
export const WIDGET_DRAG_TYPE = "application/x-layout-widget";

export interface WidgetCardProps {
  widget: WidgetSpec;
  place: WidgetPlace;
  isFirst: boolean;
  isLast: boolean;
  fragments: Fragment[];
  onChange: (widget: WidgetSpec | null) => void;
  onStep: (step: -1 | 1) => void;
  onDropAt: (from: WidgetPlace, to: WidgetPlace) => void;
}

export function readDraggedPlace(event: DragEvent): WidgetPlace | null {
  try {
    const data = event.dataTransfer.getData(WIDGET_DRAG_TYPE);
    return data ? (JSON.parse(data) as WidgetPlace) : null;
  } catch {
    return null;
  }
}

/**
 * One widget of the editor: dragged to another place (or moved with Move up / Move down, the keyboard way),
 * shown on all devices or one class, its options folded under Edit.
 */
export function WidgetCard({
  widget,
  place,
  isFirst,
  isLast,
  fragments,
  onChange,
  onStep,
  onDropAt,
}: WidgetCardProps) {
  const [open, setOpen] = useState(false);
  const kind = widgetKindLabel(widget.widget);
  const name = "title" in widget && widget.title ? `${kind}: ${widget.title}` : kind;
  return (
    <li
      className="layoutEditor-widget"
      draggable
      aria-label={name}
      onDragStart={(event) => {
        event.dataTransfer.setData(WIDGET_DRAG_TYPE, JSON.stringify(place));
        event.dataTransfer.effectAllowed = "move";
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(WIDGET_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => {
        const from = readDraggedPlace(event);
        if (!from) return;
        event.preventDefault();
        event.stopPropagation();
        onDropAt(from, place);
      }}
    >
      <div className="layoutEditor-widgetHeader">
        <span className="layoutEditor-grip" aria-hidden="true">
          ⋮⋮
        </span>
        <span className="layoutEditor-widgetName">{name}</span>
        <select
          className="input layoutEditor-device"
          aria-label={formatText(t("Devices for {widget}"), { widget: name })}
          value={widget.device}
          onChange={(event) => onChange({ ...widget, device: event.target.value as WidgetSpec["device"] })}
        >
          {DEVICE_VISIBILITIES.map((device) => (
            <option key={device} value={device}>
              {deviceLabel(device)}
            </option>
          ))}
        </select>
      </div>
      <div className="layoutEditor-widgetActions">
        <Button variant="text" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t("Done") : t("Edit")}
        </Button>
        <Button
          variant="text"
          disabled={isFirst}
          onClick={() => onStep(-1)}
          aria-label={formatText(t("Move {widget} up"), { widget: name })}
        >
          {t("Move up")}
        </Button>
        <Button
          variant="text"
          disabled={isLast}
          onClick={() => onStep(1)}
          aria-label={formatText(t("Move {widget} down"), { widget: name })}
        >
          {t("Move down")}
        </Button>
        <Button
          variant="text"
          onClick={() => onChange(null)}
          aria-label={formatText(t("Remove {widget}"), { widget: name })}
        >
          {t("Remove")}
        </Button>
      </div>
      {open ? <WidgetOptionsForm widget={widget} fragments={fragments} onChange={onChange} /> : null}
    </li>
  );
}
