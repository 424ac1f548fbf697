import {
  SECTION_COLUMNS,
  maxColumnsFor,
  type EditableViewType,
  type SectionType,
} from "@forum/api/layoutWidgetOptions";
import type { SectionSpec, WidgetKind, WidgetSpec } from "@forum/api/storedLayouts";

/** Where a widget is: section, column, position. */
export interface WidgetPlace {
  section: number;
  column: number;
  index: number;
}

/** The `customLayout.*` flag that turns each view type's pages over to layouts. */
export const VIEW_TYPE_FLAGS: Record<EditableViewType, string> = {
  home: "customLayout.home",
  subcommunityHome: "customLayout.home",
  discussionList: "customLayout.discussionList",
  categoryList: "customLayout.categoryList",
  discussionCategoryPage: "customLayout.categoryList",
  post: "customLayout.post",
};

/** A new widget of a kind, with options that pass the API's rules. */
export function newWidget(kind: WidgetKind): WidgetSpec {
  const itemOptions = { contentType: "title-description", displayType: "grid", maxColumnCount: 3 } as const;
  switch (kind) {
    case "banner":
      return { widget: "banner", device: "all", showSearch: true, showScope: false };
    case "discussions":
      return { widget: "discussions", device: "all", limit: 6, sort: "-dateLastComment", itemOptions };
    case "categories":
      return { widget: "categories", device: "all", itemOptions };
    case "links":
      return { widget: "links", device: "all", items: [{ name: "", url: "" }], itemOptions };
    case "fragment":
      return { widget: "fragment", device: "all", fragmentUUID: "" };
    case "pageContent":
      return { widget: "pageContent", device: "all" };
  }
}

export function newSection(sectionType: SectionType): SectionSpec {
  return {
    sectionType,
    device: "all",
    columns: Array.from({ length: SECTION_COLUMNS[sectionType] }, () => []),
  };
}

/** A section changed to another type keeps its widgets: extra columns' widgets join the last one kept. */
export function changeSectionType(section: SectionSpec, sectionType: SectionType): SectionSpec {
  const count = SECTION_COLUMNS[sectionType];
  const columns = Array.from({ length: count }, (_, index) => [...(section.columns[index] ?? [])]);
  for (const extra of section.columns.slice(count)) columns[count - 1]?.push(...extra);
  return { ...section, sectionType, columns };
}

function clone(sections: readonly SectionSpec[]): SectionSpec[] {
  return sections.map((section) => ({ ...section, columns: section.columns.map((column) => [...column]) }));
}

/** Moves a widget to a place (any section and column); `to.index` counts positions before the move. */
export function moveWidget(
  sections: readonly SectionSpec[],
  from: WidgetPlace,
  to: WidgetPlace,
): SectionSpec[] {
  const next = clone(sections);
  const source = next[from.section]?.columns[from.column];
  const target = next[to.section]?.columns[to.column];
  if (!source || !target) return next;
  const [widget] = source.splice(from.index, 1);
  if (!widget) return next;
  const sameColumn = from.section === to.section && from.column === to.column;
  const index = sameColumn && to.index > from.index ? to.index - 1 : to.index;
  target.splice(Math.max(0, Math.min(index, target.length)), 0, widget);
  return next;
}

/** One step up or down within its column (the keyboard alternative to dragging). */
export function stepWidget(
  sections: readonly SectionSpec[],
  place: WidgetPlace,
  step: -1 | 1,
): SectionSpec[] {
  const to = { ...place, index: step < 0 ? place.index - 1 : place.index + 2 };
  return to.index < 0 ? clone(sections) : moveWidget(sections, place, to);
}

export function stepSection(sections: readonly SectionSpec[], index: number, step: -1 | 1): SectionSpec[] {
  const next = clone(sections);
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  const [section] = next.splice(index, 1);
  if (section) next.splice(target, 0, section);
  return next;
}

export function updateWidget(
  sections: readonly SectionSpec[],
  place: WidgetPlace,
  widget: WidgetSpec | null,
): SectionSpec[] {
  const next = clone(sections);
  const column = next[place.section]?.columns[place.column];
  if (!column) return next;
  if (widget) column.splice(place.index, 1, widget);
  else column.splice(place.index, 1);
  return next;
}

export function addWidget(
  sections: readonly SectionSpec[],
  section: number,
  column: number,
  widget: WidgetSpec,
): SectionSpec[] {
  const next = clone(sections);
  next[section]?.columns[column]?.push(widget);
  return next;
}

/** The stored column count clamped to what SPEC 9 allows for the content and display type. */
export function clampColumns(widget: WidgetSpec): WidgetSpec {
  if (!("itemOptions" in widget)) return widget;
  const most = maxColumnsFor(widget.itemOptions.contentType, widget.itemOptions.displayType);
  return widget.itemOptions.maxColumnCount <= most
    ? widget
    : { ...widget, itemOptions: { ...widget.itemOptions, maxColumnCount: most } };
}

/** The keyboard's moves: up and down through a column and on into the sections above and below; left, right. */
export type MoveDirection = "up" | "down" | "left" | "right";

/**
 * Where a widget lands when moved one step in a direction: up from a column's top goes to the end of the same
 * (or last) column of the section above, down from its bottom to the start of the section below; left and right
 * to the neighbouring column at the same position. Null when there is nowhere to go.
 */
export function stepTarget(
  sections: readonly SectionSpec[],
  place: WidgetPlace,
  direction: MoveDirection,
): WidgetPlace | null {
  const columns = sections[place.section]?.columns;
  const column = columns?.[place.column];
  if (!columns || !column) return null;
  const inSection = (section: number, end: "top" | "bottom"): WidgetPlace | null => {
    const other = sections[section];
    if (!other || other.columns.length === 0) return null;
    const at = Math.min(place.column, other.columns.length - 1);
    return { section, column: at, index: end === "top" ? 0 : (other.columns[at]?.length ?? 0) };
  };
  switch (direction) {
    case "up":
      return place.index > 0 ? { ...place, index: place.index - 1 } : inSection(place.section - 1, "bottom");
    case "down":
      return place.index < column.length - 1
        ? { ...place, index: place.index + 1 }
        : inSection(place.section + 1, "top");
    case "left":
    case "right": {
      const next = place.column + (direction === "left" ? -1 : 1);
      const target = columns[next];
      return target ? { ...place, column: next, index: Math.min(place.index, target.length) } : null;
    }
  }
}

/** The widget moved one step (`stepTarget`), and where it now is; null when it cannot move that way. */
export function stepWidgetTo(
  sections: readonly SectionSpec[],
  place: WidgetPlace,
  direction: MoveDirection,
): { sections: SectionSpec[]; place: WidgetPlace } | null {
  const target = stepTarget(sections, place, direction);
  if (!target) return null;
  const sameColumn = target.section === place.section && target.column === place.column;
  // moveWidget counts positions before the move: within a column, landing below means one further.
  const insertAt = sameColumn && target.index > place.index ? target.index + 1 : target.index;
  return { sections: moveWidget(sections, place, { ...target, index: insertAt }), place: target };
}
