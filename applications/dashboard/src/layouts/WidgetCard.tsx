import { useEffect, useRef, useState, type DragEvent } from "react";
import type { Fragment } from "@forum/api/fragments";
import { DEVICE_VISIBILITIES } from "@forum/api/layoutWidgetOptions";
import type { WidgetSpec } from "@forum/api/storedLayouts";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import type { MoveDirection, WidgetPlace } from "./layoutEditorModel";
import { deviceLabel, widgetKindLabel } from "./layoutLabels";
import { WidgetOptionsForm } from "./WidgetOptionsForm";

/** The drag payload type: a widget's place, as JSON. */
export const WIDGET_DRAG_TYPE = "application/x-layout-widget";

export interface WidgetCardProps {
  widget: WidgetSpec;
  place: WidgetPlace;
  fragments: Fragment[];
  /** Whether a keyboard move that way has somewhere to go. */
  canMove: (direction: MoveDirection) => boolean;
  /** Whether left and right are offered: the section has more than one column. */
  sideways: boolean;
  onChange: (widget: WidgetSpec | null) => void;
  onMove: (direction: MoveDirection) => void;
  onDropAt: (from: WidgetPlace, to: WidgetPlace) => void;
  /** Set on the widget just moved by keyboard: focus returns to it (its same button while that still moves). */
  focusRequest?: { direction: MoveDirection };
}

/** A widget's name in the editor: its kind, and its title when it has one. */
export function widgetName(widget: WidgetSpec): string {
  const kind = widgetKindLabel(widget.widget);
  return "title" in widget && widget.title ? `${kind}: ${widget.title}` : kind;
}

function moveLabels(name: string): Record<MoveDirection, { text: string; label: string }> {
  return {
    up: { text: t("Move up"), label: formatText(t("Move {widget} up"), { widget: name }) },
    down: { text: t("Move down"), label: formatText(t("Move {widget} down"), { widget: name }) },
    left: { text: t("Move left"), label: formatText(t("Move {widget} left"), { widget: name }) },
    right: { text: t("Move right"), label: formatText(t("Move {widget} right"), { widget: name }) },
  };
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
  fragments,
  canMove,
  sideways,
  onChange,
  onMove,
  onDropAt,
  focusRequest,
}: WidgetCardProps) {
  const [open, setOpen] = useState(false);
  const name = widgetName(widget);
  const card = useRef<HTMLLIElement>(null);
  const buttons = useRef<Partial<Record<MoveDirection, HTMLButtonElement | null>>>({});
  useEffect(() => {
    if (!focusRequest) return;
    const button = buttons.current[focusRequest.direction];
    if (button && !button.disabled) button.focus();
    else card.current?.focus();
  }, [focusRequest]);
  const labels = moveLabels(name);
  const directions: MoveDirection[] = sideways ? ["up", "down", "left", "right"] : ["up", "down"];
  return (
    <li
      ref={card}
      className="layoutEditor-widget"
      draggable
      tabIndex={-1}
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
        {directions.map((direction) => (
          <Button
            key={direction}
            ref={(element: HTMLButtonElement | null) => {
              buttons.current[direction] = element;
            }}
            variant="text"
            disabled={!canMove(direction)}
            onClick={() => onMove(direction)}
            aria-label={labels[direction].label}
          >
            {labels[direction].text}
          </Button>
        ))}
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
