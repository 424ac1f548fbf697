import {
  layoutTextPropertyName,
  TRANSLATION_RECORD_TYPES,
  type LayoutTextField,
} from "@forum/api/translationKeys";
import type { StoredLayout, WidgetSpec } from "@forum/api/storedLayouts";
import { translatedProperty } from "./readerTranslations";
import type { TranslationMap } from "./translationsCache";

/** One widget with its title and description in the reader's locale, where they have a translation. */
function translatedWidget(
  layoutID: number,
  place: readonly [number, number, number],
  widget: WidgetSpec,
  translations: TranslationMap,
): WidgetSpec {
  const text = (field: LayoutTextField, source: string) =>
    translatedProperty(
      translations,
      {
        recordType: TRANSLATION_RECORD_TYPES.layout,
        recordID: layoutID,
        propertyName: layoutTextPropertyName(...place, field),
      },
      source,
    );
  if (widget.widget === "pageContent") return widget;
  const title = widget.title ? { title: text("title", widget.title) } : {};
  if (widget.widget === "banner")
    return {
      ...widget,
      ...title,
      ...(widget.description ? { description: text("description", widget.description) } : {}),
    };
  return { ...widget, ...title };
}

/**
 * A stored layout with its widgets' titles and the hero banner's title and description translated (record type
 * `layout`, by `layoutID`, a property per widget place): what `lookup-hydrate` and server pages fill with data.
 */
export function translatedLayout(layout: StoredLayout, translations: TranslationMap | null): StoredLayout {
  if (!translations) return layout;
  return {
    ...layout,
    layout: layout.layout.map((section, sectionIndex) => ({
      ...section,
      columns: section.columns.map((column, columnIndex) =>
        column.map((widget, widgetIndex) =>
          translatedWidget(layout.layoutID, [sectionIndex, columnIndex, widgetIndex], widget, translations),
        ),
      ),
    })),
  };
}
