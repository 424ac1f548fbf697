import type { LocalePatchBody } from "@forum/api/locales";
import { Type } from "@sinclair/typebox";
import type { AppContext } from "../app/appContext";
import { forUpdate, writeTransaction } from "../db/writeTransaction";
import { nowIso } from "../http/dates";
import { defineSetting } from "../settings/settingsRegistry";

/** A locale's configuration (API.md 22): its machine translation service and whether content is translated to it. */
export interface LocaleOptions {
  translationService: string | null;
  translatable: boolean;
}

/** Every locale's options by locale key, in one stored setting written only through `PATCH /locales/{id}`. */
export const LOCALE_OPTIONS_SETTING = "translation.localeOptions";

const LocaleOptionsSchema = Type.Object({
  translationService: Type.Union([Type.Null(), Type.String()]),
  translatable: Type.Boolean(),
});

defineSetting({
  key: LOCALE_OPTIONS_SETTING,
  schema: Type.Record(Type.String(), LocaleOptionsSchema),
  default: {},
  read: "site.manage",
  write: "none",
});

const DEFAULT_OPTIONS: LocaleOptions = { translationService: null, translatable: true };

export function localeOptionsOf(context: Pick<AppContext, "settings">, localeKey: string): LocaleOptions {
  const stored = context.settings.peek<Record<string, Partial<LocaleOptions>>>(LOCALE_OPTIONS_SETTING);
  return { ...DEFAULT_OPTIONS, ...stored[localeKey] };
}

/**
 * Changes one locale's options: the stored setting is read under a row lock inside the write's transaction
 * (created first when missing), so two managers changing two locales at once keep both changes.
 */
export async function patchLocaleOptions(
  context: AppContext,
  localeKey: string,
  patch: LocalePatchBody,
  userID: number,
): Promise<LocaleOptions> {
  const saved = await writeTransaction(context.db, context.dialect, async (trx) => {
    await trx
      .insertInto("configValues")
      .values({ key: LOCALE_OPTIONS_SETTING, value: "{}", dateUpdated: nowIso(), updateUserID: userID })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    const row = await trx
      .selectFrom("configValues")
      .select("value")
      .where("key", "=", LOCALE_OPTIONS_SETTING)
      .$call(forUpdate(context.dialect))
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.value) as Record<string, LocaleOptions>;
    const next: LocaleOptions = { ...DEFAULT_OPTIONS, ...stored[localeKey], ...patch };
    await context.settings.write(trx, { [LOCALE_OPTIONS_SETTING]: { ...stored, [localeKey]: next } }, userID);
    return next;
  });
  await context.settings.refresh();
  return saved;
}
