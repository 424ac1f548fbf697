import { useId, useState } from "react";
import type { Fragment } from "@forum/api/fragments";
import { SECTION_TYPES, type EditableViewType, type SectionType } from "@forum/api/layoutWidgetOptions";
import type { SectionSpec, StoredLayout, WidgetKind } from "@forum/api/storedLayouts";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import {
  addWidget,
  changeSectionType,
  moveWidget,
  newSection,
  newWidget,
  stepSection,
  stepTarget,
  stepWidgetTo,
  updateWidget,
  type MoveDirection,
  type WidgetPlace,
} from "./layoutEditorModel";
import { LayoutTranslateButton } from "../translations/LayoutTranslateButton";
import { sectionTypeLabel, viewTypeLabel } from "./layoutLabels";
import { LayoutPreview } from "./LayoutPreview";
import { createLayout, patchLayout, putLayoutViews } from "./layoutsApi";
import { columnName, SectionEditor } from "./SectionEditor";
import { widgetName } from "./WidgetCard";

const HOME_KINDS: readonly WidgetKind[] = ["banner", "discussions", "categories", "links", "fragment"];
const PAGE_KINDS: readonly WidgetKind[] = ["pageContent", ...HOME_KINDS];

/** What a new layout starts with: a banner over the page's own content (home: over the recent discussions). */
function starterSections(viewType: EditableViewType): SectionSpec[] {
  const isHome = viewType === "home" || viewType === "subcommunityHome";
  return [
    { ...newSection("fullWidth"), columns: [[newWidget("banner")]] },
    { ...newSection("oneColumn"), columns: [[isHome ? newWidget("discussions") : newWidget("pageContent")]] },
  ];
}

export interface LayoutEditorProps {
  layout: StoredLayout | null;
  viewType: EditableViewType;
  fragments: Fragment[];
  onSaved: (layout: StoredLayout, message: string) => void;
  onCancel: () => void;
}

/**
 * The layout editor: sections of one, two or three columns (or full width), each and each widget shown on all
 * devices or one class; widgets dragged between places or moved with the buttons; Save, or Save and apply as
 * the site's layout of the view type.
 */
export function LayoutEditor({ layout, viewType, fragments, onSaved, onCancel }: LayoutEditorProps) {
  const id = useId();
  const [name, setName] = useState(layout?.name ?? viewTypeLabel(viewType));
  const [sections, setSections] = useState<SectionSpec[]>(layout?.layout ?? starterSections(viewType));
  const [sectionType, setSectionType] = useState<SectionType>("twoColumns");
  const [moved, setMoved] = useState<{ place: WidgetPlace; direction: MoveDirection } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const action = useApiAction();
  const kinds = viewType === "home" || viewType === "subcommunityHome" ? HOME_KINDS : PAGE_KINDS;

  const save = (apply: boolean) =>
    void action.run(async () => {
      const saved = layout
        ? await patchLayout(layout.layoutID, { name, layout: sections })
        : await createLayout({ name, layoutViewType: viewType, layout: sections });
      const applied =
        apply && !saved.views.some((view) => view.recordType === "global")
          ? await putLayoutViews(saved.layoutID, [...saved.views, { recordType: "global", recordID: -1 }])
          : saved;
      onSaved(applied, apply ? t("The layout is saved and applied.") : t("The layout is saved."));
    });

  /** A keyboard move: the widget goes one step, focus stays on it, and screen readers hear where it went. */
  const stepWidget = (place: WidgetPlace, direction: MoveDirection) => {
    const widget = sections[place.section]?.columns[place.column]?.[place.index];
    const result = stepWidgetTo(sections, place, direction);
    const section = result && result.sections[result.place.section];
    if (!widget || !result || !section) return;
    setSections(result.sections);
    setMoved({ place: result.place, direction });
    const sectionTitle = formatText(t("Section {number}"), { number: result.place.section + 1 });
    setAnnouncement(
      formatText(t("{widget} moved to {column}, position {position}."), {
        widget: widgetName(widget),
        column: `${sectionTitle}, ${columnName(section.sectionType, result.place.column)}`,
        position: result.place.index + 1,
      }),
    );
  };

  const errors = action.error ? Object.values(action.error.errors).flat() : [];
  return (
    <div className="layoutEditor">
      <div className="layoutEditor-top">
        <div className="layoutEditor-field">
          <label htmlFor={`${id}-name`}>{t("Layout name")}</label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <p className="layoutEditor-viewType">{viewTypeLabel(viewType)}</p>
      </div>
      <p className="layoutEditor-hint">
        {t("Drag widgets between columns and sections, or use Move up and Move down.")}
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {sections.map((section, index) => (
        <SectionEditor
          key={index}
          section={section}
          index={index}
          count={sections.length}
          kinds={kinds}
          fragments={fragments}
          onSection={(next) =>
            setSections(
              next
                ? sections.map((other, at) => (at === index ? next : other))
                : sections.filter((_, at) => at !== index),
            )
          }
          onSectionType={(type) =>
            setSections(sections.map((other, at) => (at === index ? changeSectionType(other, type) : other)))
          }
          onStepSection={(step) => setSections(stepSection(sections, index, step))}
          onWidget={(place, widget) => setSections(updateWidget(sections, place, widget))}
          onAddWidget={(column, widget) => setSections(addWidget(sections, index, column, widget))}
          onMoveWidget={(from, to) => setSections(moveWidget(sections, from, to))}
          canStepWidget={(place, direction) => stepTarget(sections, place, direction) !== null}
          onStepWidget={stepWidget}
          moved={moved}
        />
      ))}
      <div className="layoutEditor-add layoutEditor-addSection">
        <label htmlFor={`${id}-section`}>{t("New section")}</label>
        <select
          id={`${id}-section`}
          className="input"
          value={sectionType}
          onChange={(event) => setSectionType(event.target.value as SectionType)}
        >
          {SECTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {sectionTypeLabel(type)}
            </option>
          ))}
        </select>
        <Button onClick={() => setSections([...sections, newSection(sectionType)])}>
          {t("Add section")}
        </Button>
      </div>
      {action.error ? (
        <div className="layoutEditor-errors" role="alert">
          <p>{action.error.message}</p>
          {errors.length > 0 ? (
            <ul>
              {errors.map((error, index) => (
                <li key={index}>{error.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <LayoutPreview viewType={viewType} sections={sections} />
      <div className="layoutEditor-footer">
        {layout && <LayoutTranslateButton layout={layout} />}
        <Button variant="text" onClick={onCancel}>
          {t("Cancel")}
        </Button>
        <Button onClick={() => save(false)} disabled={action.pending}>
          {t("Save")}
        </Button>
        <Button variant="primary" onClick={() => save(true)} disabled={action.pending}>
          {t("Save and apply")}
        </Button>
      </div>
    </div>
  );
}
