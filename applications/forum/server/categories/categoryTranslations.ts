import { translatedProperty } from "@library/server/translations/readerTranslations";
import type { TranslationMap } from "@library/server/translations/translationsCache";
import type { Selectable } from "kysely";
import type { CategoryTable } from "../tables";

type CategoryRow = Selectable<CategoryTable>;

/**
 * A category row with its name and description (the properties the content translator offers for categories)
 * translated where a translation exists.
 */
export function translatedCategoryRow(row: CategoryRow, translations: TranslationMap): CategoryRow {
  const record = { recordType: "category", recordID: row.categoryID };
  const name = translatedProperty(translations, { ...record, propertyName: "name" }, row.name);
  const description =
    row.description === null
      ? null
      : translatedProperty(translations, { ...record, propertyName: "description" }, row.description);
  return name === row.name && description === row.description ? row : { ...row, name, description };
}
