import { CONTENT_TRANSLATION_RESOURCE, translationPropertyKey } from "@forum/api/translationKeys";
import { currentContentLocale } from "@library/server/translations/readerLocale";
import { cachedTranslations, type TranslationMap } from "@library/server/translations/translationsCache";
import type { Selectable } from "kysely";
import type { CategoryTable } from "../tables";

type CategoryRow = Selectable<CategoryTable>;

/** The category properties the content translator offers (SPEC 3 Translation property). */
export const TRANSLATABLE_CATEGORY_PROPERTIES = ["name", "description"] as const;

/**
 * The translations the reader's locale has for the site's content, or null when the reader reads the site's own
 * locale, reads outside a request, or their locale has no translation yet. The same map until one is written.
 */
export async function readerContentTranslations(): Promise<{
  locale: string;
  translations: TranslationMap;
} | null> {
  const scope = currentContentLocale();
  if (!scope) return null;
  const translations = await cachedTranslations(scope.context, CONTENT_TRANSLATION_RESOURCE, scope.locale);
  return translations.size === 0 ? null : { locale: scope.locale, translations };
}

/** A category row with its name and description translated where a translation exists (the row itself if none). */
export function translatedCategoryRow(row: CategoryRow, translations: TranslationMap): CategoryRow {
  const property = (propertyName: string) =>
    translations.get(
      translationPropertyKey({ recordType: "category", recordID: row.categoryID, propertyName }),
    );
  const name = property("name");
  const description = property("description");
  if (name === undefined && description === undefined) return row;
  return { ...row, name: name ?? row.name, description: description ?? row.description };
}
