import type { Locale } from "@forum/api/locales";
import type {
  NavigationEdit,
  NavigationItem,
  TitleBarConfig,
  TitleBarConfigPatch,
} from "@forum/api/navigation";
import type { Role } from "@forum/api/roles";
import { apiv2 } from "@library/src/api/apiClient";

/** The items a locale shows now, as stored (or the built-in entries when it has none). */
export async function fetchNavigation(locale: string): Promise<NavigationEdit> {
  return (await apiv2.get<NavigationEdit>("navigation/edit", { params: { locale } })).data;
}

export async function saveNavigation(locale: string, items: NavigationItem[]): Promise<NavigationEdit> {
  return (await apiv2.put<NavigationEdit>("navigation", { locale, items })).data;
}

/** The locale shows the built-in entries (or the site locale's items) again. */
export async function resetNavigation(locale: string): Promise<void> {
  await apiv2.delete("navigation", { params: { locale } });
}

export async function fetchTitleBarConfig(): Promise<TitleBarConfig> {
  return (await apiv2.get<TitleBarConfig>("title-bar")).data;
}

export async function patchTitleBarConfig(patch: TitleBarConfigPatch): Promise<TitleBarConfig> {
  return (await apiv2.patch<TitleBarConfig>("title-bar", patch)).data;
}

export async function fetchRoles(): Promise<Role[]> {
  return (await apiv2.get<Role[]>("roles", { params: { limit: 500 } })).data;
}

/** The site's enabled locales (just the site's own when the list cannot be read). */
export async function fetchLocaleKeys(siteLocale: string): Promise<string[]> {
  try {
    const locales = (await apiv2.get<Locale[]>("locales")).data;
    const keys = locales.map((locale) => locale.localeKey);
    return keys.includes(siteLocale) ? keys : [siteLocale, ...keys];
  } catch {
    return [siteLocale];
  }
}
