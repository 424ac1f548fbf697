import type { StoredLayout } from "@forum/api/storedLayouts";
import { layoutTextPropertyName, TRANSLATION_RECORD_TYPES } from "@forum/api/translationKeys";
import { t } from "@library/src/i18n/translate";
import { widgetKindLabel } from "../layouts/layoutLabels";
import type { TranslationProperty } from "./translationProperties";

/**
 * A saved layout's translatable texts (SPEC 3): each widget's title and the hero banner's description, a
 * property per widget place (`{section}.{column}.{widget}.title`) of the layout's record.
 */
export function layoutTranslationProperties(layout: StoredLayout): TranslationProperty[] {
  const record = { recordType: TRANSLATION_RECORD_TYPES.layout, recordID: layout.layoutID } as const;
  return layout.layout.flatMap((section, sectionIndex) =>
    section.columns.flatMap((column, columnIndex) =>
      column.flatMap((widget, widgetIndex): TranslationProperty[] => {
        if (widget.widget === "pageContent") return [];
        const kind = widgetKindLabel(widget.widget);
        const title: TranslationProperty[] = widget.title
          ? [
              {
                ...record,
                propertyName: layoutTextPropertyName(sectionIndex, columnIndex, widgetIndex, "title"),
                sourceText: widget.title,
                propertyType: "text",
                propertyValidation: { maxLength: 100 },
                label: `${kind} · ${t("Title")}`,
              },
            ]
          : [];
        const description: TranslationProperty[] =
          widget.widget === "banner" && widget.description
            ? [
                {
                  ...record,
                  propertyName: layoutTextPropertyName(sectionIndex, columnIndex, widgetIndex, "description"),
                  sourceText: widget.description,
                  propertyType: "textMultiline",
                  propertyValidation: { maxLength: 500 },
                  label: `${kind} · ${t("Description")}`,
                },
              ]
            : [];
        return [...title, ...description];
      }),
    ),
  );
}
