import type { NavigationItem, TitleBarConfig, TitleBarConfigPatch } from "@forum/api/navigation";
import { TRANSLATION_RECORD_TYPES } from "@forum/api/translationKeys";
import { DEFAULT_TITLE_BAR_CONFIG } from "@forum/api/titleBarDefaults";
import type { AppContext } from "@library/server/app/appContext";
import type { Database } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ValidationError } from "@library/server/errors/httpErrors";
import type { Transaction } from "kysely";
import { removeTranslationsAfterCommit } from "@library/server/translations/recordTranslationsCleanup";
import { normalizeNavigation } from "./navigationRules";
import { NAVIGATION_ITEMS_SETTING, TITLE_BAR_CONFIG_SETTING } from "./navigationSettings";

export type StoredNavigation = Readonly<Record<string, NavigationItem[]>>;

export async function storedNavigation(context: Pick<AppContext, "settings">): Promise<StoredNavigation> {
  return context.settings.get<StoredNavigation>(NAVIGATION_ITEMS_SETTING);
}

/** The stored config over the defaults (a config saved before a field existed gets its default). */
export function titleBarConfigOf(stored: Partial<TitleBarConfig>): TitleBarConfig {
  return {
    ...DEFAULT_TITLE_BAR_CONFIG,
    ...stored,
    logo: { ...DEFAULT_TITLE_BAR_CONFIG.logo, ...stored.logo },
    navigation: { ...DEFAULT_TITLE_BAR_CONFIG.navigation, ...stored.navigation },
  };
}

/**
 * Reads one stored setting under a row lock inside the write's transaction (the row is created first, so two
 * writers of different locales wait on each other instead of overwriting each other's).
 */
async function lockedSetting<T>(
  trx: Transaction<Database>,
  context: AppContext,
  key: string,
  empty: T,
  userID: number,
): Promise<T> {
  await trx
    .insertInto("configValues")
    .values({ key, value: JSON.stringify(empty), dateUpdated: nowIso(), updateUserID: userID })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const row = await trx
    .selectFrom("configValues")
    .select("value")
    .where("key", "=", key)
    .$call(forUpdate(context.dialect))
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value) as T;
}

function itemIDs(items: readonly NavigationItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.id);
    itemIDs(item.children ?? [], into);
  }
  return into;
}

/** The ids of items no locale keeps any more: their translations go (a job once the write committed). */
async function removeDroppedItemTranslations(
  context: AppContext,
  trx: Transaction<Database>,
  before: StoredNavigation,
  after: StoredNavigation,
): Promise<void> {
  const kept = new Set<string>();
  for (const items of Object.values(after)) itemIDs(items, kept);
  const dropped = new Set<string>();
  for (const items of Object.values(before)) itemIDs(items, dropped);
  const recordKeys = [...dropped].filter((id) => !kept.has(id));
  await removeTranslationsAfterCommit(context, trx, {
    recordType: TRANSLATION_RECORD_TYPES.navigationItem,
    recordKeys,
  });
}

/** Replaces one locale's items (cleaned by SPEC 5); an empty list leaves the locale with no navigation. */
export async function saveNavigation(
  context: AppContext,
  locale: string,
  items: readonly NavigationItem[],
  userID: number,
): Promise<NavigationItem[]> {
  const normalized = normalizeNavigation(items);
  // Deciding reads and the write in one transaction; the settings are read again once it committed.
  if (normalized.errors.length > 0) throw new ValidationError(normalized.errors);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const stored = await lockedSetting<StoredNavigation>(trx, context, NAVIGATION_ITEMS_SETTING, {}, userID);
    const next = { ...stored, [locale]: normalized.items };
    await context.settings.write(trx, { [NAVIGATION_ITEMS_SETTING]: next }, userID);
    await removeDroppedItemTranslations(context, trx, stored, next);
  });
  await context.settings.refresh();
  return normalized.items;
}

/** Forgets one locale's items: it shows the built-in entries again. */
export async function resetNavigation(context: AppContext, locale: string, userID: number): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const stored = await lockedSetting<StoredNavigation>(trx, context, NAVIGATION_ITEMS_SETTING, {}, userID);
    const rest = Object.fromEntries(Object.entries(stored).filter(([key]) => key !== locale));
    await context.settings.write(trx, { [NAVIGATION_ITEMS_SETTING]: rest }, userID);
    await removeDroppedItemTranslations(context, trx, stored, rest);
  });
  await context.settings.refresh();
}

/** Merges a partial config into the stored one (logo and navigation field by field). */
export async function patchTitleBarConfig(
  context: AppContext,
  patch: TitleBarConfigPatch,
  userID: number,
): Promise<TitleBarConfig> {
  const saved = await writeTransaction(context.db, context.dialect, async (trx) => {
    const stored = await lockedSetting<TitleBarConfig>(
      trx,
      context,
      TITLE_BAR_CONFIG_SETTING,
      DEFAULT_TITLE_BAR_CONFIG,
      userID,
    );
    const current = titleBarConfigOf(stored);
    const next: TitleBarConfig = {
      ...current,
      ...patch,
      logo: { ...current.logo, ...patch.logo },
      navigation: { ...current.navigation, ...patch.navigation },
    };
    await context.settings.write(trx, { [TITLE_BAR_CONFIG_SETTING]: next }, userID);
    return next;
  });
  await context.settings.refresh();
  return saved;
}
