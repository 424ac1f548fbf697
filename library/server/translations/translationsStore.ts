import { translationPropertyKey } from "@forum/api/translationKeys";
import type {
  Translation,
  TranslationListQuery,
  TranslationPatchItem,
  TranslationTarget,
} from "@forum/api/translations";
import type { ValidationErrorItem } from "@forum/api/common";
import type { Db, DbOrTx } from "../db/database";
import { ClientError, ValidationError } from "../errors/httpErrors";
import { nowIso, toApiDate } from "../http/dates";
import { normalizeLocale } from "./contentLocales";
import type { TranslationTable } from "./translationTables";

/** API.md 23 Translation from a stored row. */
export function presentTranslation(row: TranslationTable): Translation {
  return {
    resource: row.resource,
    recordType: row.recordType,
    ...(row.recordID !== null ? { recordID: row.recordID } : {}),
    ...(row.recordKey !== null ? { recordKey: row.recordKey } : {}),
    propertyName: row.propertyName,
    ...(row.propertyType !== null ? { propertyType: row.propertyType } : {}),
    translationPropertyKey: row.translationPropertyKey,
    locale: row.locale,
    translation: row.translation,
    dateUpdated: toApiDate(row.dateUpdated),
  };
}

/** One page of a resource's translations in a locale, filtered by record type, ids or keys and property. */
export async function listTranslations(
  db: DbOrTx,
  resource: string,
  query: TranslationListQuery,
): Promise<Translation[]> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 100;
  let select = db
    .selectFrom("translations")
    .selectAll()
    .where("resource", "=", resource)
    .where("locale", "=", query.locale);
  if (query.recordType !== undefined) select = select.where("recordType", "=", query.recordType);
  if (query.propertyName !== undefined) select = select.where("propertyName", "=", query.propertyName);
  const ids = query.recordIDs ?? [];
  const keys = query.recordKeys ?? [];
  if (ids.length > 0 && keys.length > 0)
    select = select.where((eb) => eb.or([eb("recordID", "in", ids), eb("recordKey", "in", keys)]));
  else if (ids.length > 0) select = select.where("recordID", "in", ids);
  else if (keys.length > 0) select = select.where("recordKey", "in", keys);
  const rows = await select
    .orderBy("translationPropertyKey")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows.map(presentTranslation);
}

/**
 * Checks what every item names: a record id or key (400 when neither, API.md 23), one of `locales` (the site's
 * translation locales; 422 otherwise), and a
 * `translationPropertyKey`, when given, that agrees with the rest (422). Returns the items with their key.
 */
export function checkTargets<T extends TranslationTarget>(
  items: readonly T[],
  locales: readonly string[],
): (T & { translationPropertyKey: string; locale: string })[] {
  const missing = items.findIndex((item) => item.recordID === undefined && item.recordKey === undefined);
  if (missing >= 0) throw new ClientError(`Item ${missing} needs a recordID or a recordKey.`);
  const errors: ValidationErrorItem[] = [];
  const checked = items.map((item, index) => {
    const locale = normalizeLocale(item.locale);
    if (!locales.includes(locale))
      errors.push({
        field: `${index}.locale`,
        code: "unknownLocale",
        message: `Content is not translated into ${item.locale}.`,
      });
    const key = translationPropertyKey(
      item.recordID !== undefined
        ? { recordType: item.recordType, recordID: item.recordID, propertyName: item.propertyName }
        : { recordType: item.recordType, recordKey: item.recordKey, propertyName: item.propertyName },
    );
    if (item.translationPropertyKey !== undefined && item.translationPropertyKey !== key)
      errors.push({
        field: `${index}.translationPropertyKey`,
        code: "mismatch",
        message: `translationPropertyKey must be ${key}.`,
      });
    return { ...item, translationPropertyKey: key, locale };
  });
  if (errors.length > 0) throw new ValidationError(errors);
  return checked;
}

/** Saves translations (insert or replace), in one transaction; returns them as stored. */
export async function saveTranslations(
  db: Db,
  resource: string,
  items: readonly (TranslationPatchItem & { translationPropertyKey: string })[],
): Promise<Translation[]> {
  const dateUpdated = nowIso();
  const rows: TranslationTable[] = items.map((item) => ({
    resource,
    translationPropertyKey: item.translationPropertyKey,
    locale: item.locale,
    recordType: item.recordType,
    recordID: item.recordID ?? null,
    recordKey: item.recordID === undefined ? (item.recordKey ?? null) : null,
    propertyName: item.propertyName,
    propertyType: item.propertyType ?? null,
    translation: item.translation,
    dateUpdated,
  }));
  await db.transaction().execute(async (trx) => {
    for (const row of rows)
      await trx
        .insertInto("translations")
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(["resource", "translationPropertyKey", "locale"]).doUpdateSet({
            translation: row.translation,
            propertyType: row.propertyType,
            dateUpdated: row.dateUpdated,
          }),
        )
        .execute();
  });
  return rows.map(presentTranslation);
}

/** Deletes translations (those absent are ignored), in one transaction. */
export async function removeTranslations(
  db: Db,
  resource: string,
  items: readonly { translationPropertyKey: string; locale: string }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const item of items)
      await trx
        .deleteFrom("translations")
        .where("resource", "=", resource)
        .where("translationPropertyKey", "=", item.translationPropertyKey)
        .where("locale", "=", item.locale)
        .execute();
  });
}
