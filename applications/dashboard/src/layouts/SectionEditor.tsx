import { useId, useState } from "react";
import type { Fragment } from "@forum/api/fragments";
import { DEVICE_VISIBILITIES, SECTION_TYPES, type SectionType } from "@forum/api/layoutWidgetOptions";
import type { SectionSpec, WidgetKind, WidgetSpec } from "@forum/api/storedLayouts";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { newWidget, type MoveDirection, type WidgetPlace } from "./layoutEditorModel";
import { deviceLabel, sectionTypeLabel, widgetKindLabel } from "./layoutLabels";
import { readDraggedPlace, WidgetCard } from "./WidgetCard";

export interface SectionEditorProps {
  section: SectionSpec;
  index: number;
  count: number;
  kinds: readonly WidgetKind[];
  fragments: Fragment[];
  onSection: (section: SectionSpec | null) => void;
  onSectionType: (sectionType: SectionType) => void;
  onStepSection: (step: -1 | 1) => void;
  onWidget: (place: WidgetPlace, widget: WidgetSpec | null) => void;
  onAddWidget: (column: number, widget: WidgetSpec) => void;
  onMoveWidget: (from: WidgetPlace, to: WidgetPlace) => void;
  /** Keyboard moves: one step up, down (on into the next sections), left or right. */
  canStepWidget: (place: WidgetPlace, direction: MoveDirection) => boolean;
  onStepWidget: (place: WidgetPlace, direction: MoveDirection) => void;
  /** The widget just moved by keyboard, which takes the focus back. */
  moved: { place: WidgetPlace; direction: MoveDirection } | null;
}

/** A column's name, as the editor and its announcements call it. */
export function columnName(sectionType: SectionType, column: number): string {
  if (sectionType === "twoColumns") return column === 0 ? t("Main column") : t("Side panel");
  if (sectionType === "threeColumns")
    return [t("Left panel"), t("Middle column"), t("Right panel")][column] ?? "";
  return t("Column");
}

function AddWidget({
  kinds,
  label,
  onAdd,
}: {
  kinds: readonly WidgetKind[];
  label: string;
  onAdd: (kind: WidgetKind) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<WidgetKind>(kinds[0] ?? "discussions");
  return (
    <div className="layoutEditor-add">
      <label className="sr-only" htmlFor={id}>
        {formatText(t("Widget to add to {column}"), { column: label })}
      </label>
      <select
        id={id}
        className="input"
        value={kind}
        onChange={(event) => setKind(event.target.value as WidgetKind)}
      >
        {kinds.map((option) => (
          <option key={option} value={option}>
            {widgetKindLabel(option)}
          </option>
        ))}
      </select>
      <Button
        onClick={() => onAdd(kind)}
        aria-label={formatText(t("Add widget to {column}"), { column: label })}
      >
        {t("Add widget")}
      </Button>
    </div>
  );
}

function isMoved(moved: SectionEditorProps["moved"], place: WidgetPlace): boolean {
  return (
    moved !== null &&
    moved.place.section === place.section &&
    moved.place.column === place.column &&
    moved.place.index === place.index
  );
}

/** One section of the editor: its type, devices and order, and its columns of widgets (drop targets). */
export function SectionEditor(props: SectionEditorProps) {
  const { section, index, count } = props;
  const id = useId();
  const title = formatText(t("Section {number}"), { number: index + 1 });
  return (
    <section className="layoutEditor-section" aria-labelledby={`${id}-title`}>
      <header className="layoutEditor-sectionHeader">
        <h3 id={`${id}-title`}>{title}</h3>
        <label className="sr-only" htmlFor={`${id}-type`}>
          {formatText(t("Type of {section}"), { section: title })}
        </label>
        <select
          id={`${id}-type`}
          className="input"
          value={section.sectionType}
          onChange={(event) => props.onSectionType(event.target.value as SectionType)}
        >
          {SECTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {sectionTypeLabel(type)}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor={`${id}-device`}>
          {formatText(t("Devices for {section}"), { section: title })}
        </label>
        <select
          id={`${id}-device`}
          className="input"
          value={section.device}
          onChange={(event) =>
            props.onSection({ ...section, device: event.target.value as SectionSpec["device"] })
          }
        >
          {DEVICE_VISIBILITIES.map((device) => (
            <option key={device} value={device}>
              {deviceLabel(device)}
            </option>
          ))}
        </select>
        <div className="layoutEditor-sectionActions">
          <Button
            variant="text"
            disabled={index === 0}
            onClick={() => props.onStepSection(-1)}
            aria-label={formatText(t("Move {section} up"), { section: title })}
          >
            {t("Move up")}
          </Button>
          <Button
            variant="text"
            disabled={index === count - 1}
            onClick={() => props.onStepSection(1)}
            aria-label={formatText(t("Move {section} down"), { section: title })}
          >
            {t("Move down")}
          </Button>
          <Button
            variant="text"
            onClick={() => props.onSection(null)}
            aria-label={formatText(t("Remove {section}"), { section: title })}
          >
            {t("Remove")}
          </Button>
        </div>
      </header>
      <div className={`layoutEditor-columns layoutEditor-columns--${section.columns.length}`}>
        {section.columns.map((column, columnIndex) => {
          const label = `${title}, ${columnName(section.sectionType, columnIndex)}`;
          return (
            <div
              key={columnIndex}
              className="layoutEditor-column"
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                const from = readDraggedPlace(event);
                if (!from) return;
                event.preventDefault();
                props.onMoveWidget(from, { section: index, column: columnIndex, index: column.length });
              }}
            >
              <h4 className="layoutEditor-columnName">{columnName(section.sectionType, columnIndex)}</h4>
              <ul className="layoutEditor-widgets" aria-label={label}>
                {column.map((widget, widgetIndex) => {
                  const place = { section: index, column: columnIndex, index: widgetIndex };
                  return (
                    <WidgetCard
                      key={widgetIndex}
                      widget={widget}
                      place={place}
                      fragments={props.fragments}
                      sideways={section.columns.length > 1}
                      canMove={(direction) => props.canStepWidget(place, direction)}
                      onChange={(next) => props.onWidget(place, next)}
                      onMove={(direction) => props.onStepWidget(place, direction)}
                      onDropAt={props.onMoveWidget}
                      {...(isMoved(props.moved, place) && props.moved ? { focusRequest: props.moved } : {})}
                    />
                  );
                })}
              </ul>
              {column.length === 0 ? <p className="layoutEditor-empty">{t("Drop widgets here.")}</p> : null}
              <AddWidget
                kinds={props.kinds}
                label={label}
                onAdd={(kind) => props.onAddWidget(columnIndex, newWidget(kind))}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
}
