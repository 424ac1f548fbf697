import type { NavigationItem } from "@forum/api/navigation";
import { TRANSLATION_RECORD_TYPES } from "@forum/api/translationKeys";
import { t } from "@library/src/i18n/translate";
import type { TranslationProperty } from "./translationProperties";

/** A navigation item's translatable text (SPEC 3): its name, keyed by the item's id. */
export function navigationItemTranslationProperties(item: NavigationItem): TranslationProperty[] {
  return [
    {
      recordType: TRANSLATION_RECORD_TYPES.navigationItem,
      recordKey: item.id,
      propertyName: "name",
      sourceText: item.name,
      propertyType: "text",
      propertyValidation: { maxLength: 100 },
      label: t("Name"),
    },
  ];
}

/**
 * The saved items of a navigation by id, children included: the translator offers only these, with their names
 * as saved (an item not saved yet has nothing to translate, and a name being edited is not the source yet).
 */
export function savedNavigationItems(saved: readonly NavigationItem[]): Map<string, NavigationItem> {
  const byID = new Map<string, NavigationItem>();
  const walk = (items: readonly NavigationItem[]) => {
    for (const item of items) {
      byID.set(item.id, item);
      walk(item.children ?? []);
    }
  };
  walk(saved);
  return byID;
}
