// Plain values of the translations contract (no TypeBox): the client imports them.

/** The resource the site's own content (categories, navigation, layouts) is translated under. */
export const CONTENT_TRANSLATION_RESOURCE = "forum";

/** `"{recordType}.{recordID|recordKey}.{propertyName}"` (API.md 23). */
export function translationPropertyKey(item: {
  recordType: string;
  recordID?: number;
  recordKey?: string;
  propertyName: string;
}): string {
  return `${item.recordType}.${item.recordID ?? item.recordKey ?? ""}.${item.propertyName}`;
}

/** The record types the content translator offers, beside categories (`category`, by `categoryID`). */
export const TRANSLATION_RECORD_TYPES = {
  category: "category",
  /** A title bar navigation item, by its `id` (a record key). */
  navigationItem: "navigationItem",
  /** A stored layout, by its `layoutID`: its widgets' and banner's texts. */
  layout: "layout",
} as const;

/** A layout text the translator offers: a widget's title or description, or the hero banner's. */
export type LayoutTextField = "title" | "description";

/**
 * The property name of a layout widget's text: its place in the layout (`{section}.{column}.{widget}`) and the
 * field, so the layout `3` banner's title at the top is `layout.3.0.0.0.title`.
 */
export function layoutTextPropertyName(
  sectionIndex: number,
  columnIndex: number,
  widgetIndex: number,
  field: LayoutTextField,
): string {
  return `${sectionIndex}.${columnIndex}.${widgetIndex}.${field}`;
}
