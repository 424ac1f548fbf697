import type { Category } from "@forum/api/categories";
import { t } from "@library/src/i18n/translate";
import type { TranslationProperty } from "./translationProperties";

/** The request header that asks for content as written, whatever the reader's language (editors send it). */
export const SOURCE_CONTENT_HEADERS = { "x-content-locale": "en" } as const;

/** A category's translatable texts (SPEC 3): its name and, when it has one, its description. */
export function categoryTranslationProperties(category: Category): TranslationProperty[] {
  const record = { recordType: "category", recordID: category.categoryID } as const;
  return [
    {
      ...record,
      propertyName: "name",
      sourceText: category.name,
      propertyType: "text",
      propertyValidation: { maxLength: 255 },
      label: t("Name"),
    },
    ...(category.description
      ? [
          {
            ...record,
            propertyName: "description",
            sourceText: category.description,
            propertyType: "textMultiline",
            propertyValidation: { maxLength: 1000 },
            label: t("Description"),
          } as const,
        ]
      : []),
  ];
}
