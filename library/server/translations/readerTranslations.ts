import { CONTENT_TRANSLATION_RESOURCE, translationPropertyKey } from "@forum/api/translationKeys";
import { currentContentLocale } from "./readerLocale";
import { cachedTranslations, type TranslationMap } from "./translationsCache";

/** The reader's translations of the site's content, with the locale they are in. */
export interface ReaderTranslations {
  locale: string;
  translations: TranslationMap;
}

/**
 * The translations the reader's locale has for the site's content (`CONTENT_TRANSLATION_RESOURCE`), or null when
 * the reader reads the source locale, reads outside a request, or their locale has none yet. The same map until
 * a translation is written (`translationsCache.ts`), so a caller may keep what it made from it until then.
 * Anything that shows translatable texts (categories, navigation items, widget titles) reads through this.
 */
export async function readerContentTranslations(): Promise<ReaderTranslations | null> {
  const scope = currentContentLocale();
  if (!scope) return null;
  const translations = await cachedTranslations(scope.context, CONTENT_TRANSLATION_RESOURCE, scope.locale);
  return translations.size === 0 ? null : { locale: scope.locale, translations };
}

/** One property's text in the reader's locale: its translation when there is one, else the text as written. */
export function translatedProperty(
  translations: TranslationMap | null | undefined,
  property: { recordType: string; recordID?: number; recordKey?: string; propertyName: string },
  source: string,
): string {
  return translations?.get(translationPropertyKey(property)) ?? source;
}
