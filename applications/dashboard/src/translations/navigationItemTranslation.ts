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
