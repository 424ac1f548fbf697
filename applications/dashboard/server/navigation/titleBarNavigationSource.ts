import type { NavigationItem, TitleBarConfig } from "@forum/api/navigation";
import type { AppContext } from "@library/server/app/appContext";
import { recordNames } from "@library/server/cache/recordNames";
import type { Translate } from "@library/server/i18n/translate";
import type { Viewer } from "@library/server/permissions/viewer";
import { builtInNavigation, type TitleBarNavigationSource } from "@library/server/pages/titleBarNavigation";
import { visibleNavigation } from "./navigationRules";
import { NAVIGATION_ITEMS_SETTING, TITLE_BAR_CONFIG_SETTING } from "./navigationSettings";
import { titleBarConfigOf, type StoredNavigation } from "./navigationStore";

/** Distinct viewer kinds kept at once before the cache starts over. */
const MAX_ENTRIES = 500;

interface Entry {
  /** The stored items it was filtered from: another object once the settings were read again. */
  stored: unknown;
  forumDisabled: boolean;
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
    const entry = this.entries.get(key);
    if (entry && entry.stored === stored && entry.forumDisabled === forumDisabled) return entry.items;
    const siteLocale = typeof values["garden.locale"] === "string" ? values["garden.locale"] : "en";
    const { items } = navigationForLocale(stored, locale, siteLocale, () =>
      builtInNavigation(this.context.settings, t),
    );
    const visible = visibleNavigation(items, viewer);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { stored, forumDisabled, items: visible });
    return visible;
  }

  config(): TitleBarConfig {
    return titleBarConfigOf(this.context.settings.peek<Partial<TitleBarConfig>>(TITLE_BAR_CONFIG_SETTING));
  }
}
