import type { NavigationItem, TitleBarConfig } from "@forum/api/navigation";
import { CONTENT_TRANSLATION_RESOURCE, TRANSLATION_RECORD_TYPES } from "@forum/api/translationKeys";
import type { AppContext } from "@library/server/app/appContext";
import { contentLocales, matchLocale, sourceLocale } from "@library/server/translations/contentLocales";
import { translatedProperty } from "@library/server/translations/readerTranslations";
import { cachedTranslations, type TranslationMap } from "@library/server/translations/translationsCache";
import { recordNames } from "@library/server/cache/recordNames";
import type { Translate } from "@library/server/i18n/translate";
import type { Viewer } from "@library/server/permissions/viewer";
import { builtInNavigation, type TitleBarNavigationSource } from "@library/server/pages/titleBarNavigation";
import { visibleNavigation } from "./navigationRules";
import { NAVIGATION_ITEMS_SETTING, TITLE_BAR_CONFIG_SETTING } from "./navigationSettings";
import { titleBarConfigOf, type StoredNavigation } from "./navigationStore";

/**
 * The content translations of a reader's locale (`fr_CA` reads `fr`'s when only French is offered), or null
 * when it is the source locale or has none.
 */
async function navigationTranslations(context: AppContext, locale: string): Promise<TranslationMap | null> {
  const matched = matchLocale(locale, contentLocales(context));
  if (!matched || matched === sourceLocale()) return null;
  const translations = await cachedTranslations(context, CONTENT_TRANSLATION_RESOURCE, matched);
  return translations.size > 0 ? translations : null;
}

/** Items with their names translated (content translator, record type `navigationItem` keyed by `id`). */
export function translatedNavigation(
  items: readonly NavigationItem[],
  translations: TranslationMap | null,
): NavigationItem[] {
  if (!translations) return [...items];
  return items.map((item) => {
    const name = translatedProperty(
      translations,
      { recordType: TRANSLATION_RECORD_TYPES.navigationItem, recordKey: item.id, propertyName: "name" },
      item.name,
    );
    const children = item.children ? translatedNavigation(item.children, translations) : undefined;
    return { ...item, name, ...(children ? { children } : {}) };
  });
}

/** Distinct viewer kinds kept at once before the cache starts over. */
const MAX_ENTRIES = 500;

interface Entry {
  /** The stored items it was filtered from: another object once the settings were read again. */
  stored: unknown;
  forumDisabled: boolean;
  /** The locale's translations it was made with (the same map until a translation is written). */
  translations: TranslationMap | null;
  items: NavigationItem[];
}

/**
 * The items a locale shows: its own, else the site locale's, else the built-in entries. Exported for the
 * editor, which starts from what the locale shows.
 */
export function navigationForLocale(
  stored: StoredNavigation,
  locale: string,
  siteLocale: string,
  builtIns: () => NavigationItem[],
): { items: NavigationItem[]; isCustom: boolean } {
  const own = stored[locale];
  if (own) return { items: own, isCustom: true };
  const site = stored[siteLocale];
  return site ? { items: site, isCustom: false } : { items: builtIns(), isCustom: false };
}

/**
 * The title bar's navigation on every page, filtered per viewer (SPEC 5) and kept per locale and set of roles:
 * the cache layer retires it on a settings or grants change (docs/caching.md, "Title bar navigation").
 */
export class TitleBarNavigationCache implements TitleBarNavigationSource {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly context: AppContext) {
    context.caches.define({
      name: "title bar navigation",
      dependsOn: [recordNames.settings, recordNames.grants],
      retire: () => this.entries.clear(),
    });
  }

  async navigation(viewer: Viewer, locale: string, t: Translate): Promise<NavigationItem[]> {
    const values = await this.context.settings.all();
    const stored = values[NAVIGATION_ITEMS_SETTING] as StoredNavigation;
    const forumDisabled = values["forum.disabled"] === true;
    const key = `${locale}|${viewer.isGuest ? "guest" : "member"}|${viewer.roleIDs.join(",")}`;
    // A locale with items of its own shows them as written; the items it borrows get their translated names.
    const translations = stored[locale] ? null : await navigationTranslations(this.context, locale);
    const entry = this.entries.get(key);
    if (
      entry &&
      entry.stored === stored &&
      entry.forumDisabled === forumDisabled &&
      entry.translations === translations
    )
      return entry.items;
    const siteLocale = typeof values["garden.locale"] === "string" ? values["garden.locale"] : "en";
    const { items } = navigationForLocale(stored, locale, siteLocale, () =>
      builtInNavigation(this.context.settings, t),
    );
    const visible = translatedNavigation(visibleNavigation(items, viewer), translations);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { stored, forumDisabled, translations, items: visible });
    return visible;
  }

  config(): TitleBarConfig {
    return titleBarConfigOf(this.context.settings.peek<Partial<TitleBarConfig>>(TITLE_BAR_CONFIG_SETTING));
  }
}
