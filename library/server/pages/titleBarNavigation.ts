import type { NavigationItem, TitleBarConfig } from "@forum/api/navigation";
import { DEFAULT_TITLE_BAR_CONFIG } from "@forum/api/titleBarDefaults";
import type { Translate } from "../i18n/translate";
import type { Viewer } from "../permissions/viewer";
import type { SettingsStore } from "../settings/settingsStore";

/**
 * Where the title bar gets its main navigation and its look: the dashboard's stored items and config, filtered
 * per viewer (applications/dashboard/server/navigation). Without a source, the built-in entries and defaults.
 */
export interface TitleBarNavigationSource {
  navigation(viewer: Viewer, locale: string, t: Translate): Promise<NavigationItem[]>;
  config(): TitleBarConfig;
}

/**
 * SPEC 2: the built-in entries, Posts and Categories, shown only while the forum section is enabled
 * (`forum.disabled` is false).
 */
export function builtInNavigation(settings: Pick<SettingsStore, "peek">, t: Translate): NavigationItem[] {
  if (settings.peek<boolean>("forum.disabled")) return [];
  return [
    { id: "posts", name: t("Posts"), url: "/discussions" },
    { id: "categories", name: t("Categories"), url: "/categories" },
  ];
}

export function defaultNavigationSource(settings: Pick<SettingsStore, "peek">): TitleBarNavigationSource {
  return {
    navigation: (_viewer, _locale, t) => Promise.resolve(builtInNavigation(settings, t)),
    config: () => DEFAULT_TITLE_BAR_CONFIG,
  };
}
