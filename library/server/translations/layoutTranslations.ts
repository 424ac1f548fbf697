import {
  CONTENT_TRANSLATION_RESOURCE,
  layoutTextPropertyName,
  translationPropertyKey,
  TRANSLATION_RECORD_TYPES,
  type LayoutTextField,
} from "@forum/api/translationKeys";
import type { SectionSpec, StoredLayout, WidgetSpec } from "@forum/api/storedLayouts";
import type { DbOrTx } from "../db/database";
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

/** Each text of a layout by its property name: the widget kind, field and source text it holds. */
function layoutTexts(sections: readonly SectionSpec[]): Map<string, string> {
  const texts = new Map<string, string>();
  sections.forEach((section, sectionIndex) =>
    section.columns.forEach((column, columnIndex) =>
      column.forEach((widget, widgetIndex) => {
        if (widget.widget === "pageContent") return;
        const place = [sectionIndex, columnIndex, widgetIndex] as const;
        if (widget.title)
          texts.set(layoutTextPropertyName(...place, "title"), `${widget.widget}\ntitle\n${widget.title}`);
        if (widget.widget === "banner" && widget.description)
          texts.set(
            layoutTextPropertyName(...place, "description"),
            `${widget.widget}\ndescription\n${widget.description}`,
          );
      }),
    ),
  );
  return texts;
}

/**
 * Where each text of a layout went in an edit: its new property name when a widget of the same kind holds the
 * same text (moved or not), null when none does (the text changed or the widget went).
 */
export function movedLayoutTexts(
  before: readonly SectionSpec[],
  after: readonly SectionSpec[],
): Map<string, string | null> {
  const free = new Map<string, string[]>();
  for (const [propertyName, text] of layoutTexts(after))
    free.set(text, [...(free.get(text) ?? []), propertyName]);
  const moves = new Map<string, string | null>();
  for (const [propertyName, text] of layoutTexts(before))
    moves.set(propertyName, free.get(text)?.shift() ?? null);
  return moves;
}

/**
 * Inside a layout edit's transaction: its translations follow their texts to their widgets' new places, and
 * those of texts that changed or went are removed (they translate a text no longer shown).
 */
export async function followLayoutTexts(
  trx: DbOrTx,
  layoutID: number,
  before: readonly SectionSpec[],
  after: readonly SectionSpec[],
): Promise<void> {
  const rows = await trx
    .selectFrom("translations")
    .selectAll()
    .where("resource", "=", CONTENT_TRANSLATION_RESOURCE)
    .where("recordType", "=", TRANSLATION_RECORD_TYPES.layout)
    .where("recordID", "=", layoutID)
    .execute();
  const moves = movedLayoutTexts(before, after);
  const changed = rows.filter((row) => moves.get(row.propertyName) !== row.propertyName);
  if (changed.length === 0) return;
  for (const row of changed)
    await trx
      .deleteFrom("translations")
      .where("resource", "=", row.resource)
      .where("translationPropertyKey", "=", row.translationPropertyKey)
      .where("locale", "=", row.locale)
      .execute();
  for (const row of changed) {
    const propertyName = moves.get(row.propertyName);
    if (!propertyName) continue;
    await trx
      .insertInto("translations")
      .values({
        ...row,
        propertyName,
        translationPropertyKey: translationPropertyKey({
          recordType: row.recordType,
          recordID: layoutID,
          propertyName,
        }),
      })
      .execute();
  }
}
