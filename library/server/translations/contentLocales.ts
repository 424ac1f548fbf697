import type { AppContext } from "../app/appContext";

/** The locale a site's content is written in when `garden.locale` says nothing else (SPEC 9: default `en`). */
export const DEFAULT_SOURCE_LOCALE = "en";

/** `fr_CA`, `fr-ca` and `FR` all name the same thing: lower case, `_` between language and region. */
export function normalizeLocale(locale: string): string {
  return locale.trim().toLowerCase().replace(/-/g, "_");
}

/**
 * The locale the site's content is written in, which translations are made from: English, the product's source
 * language (SPEC 9: default translation locale `en`); `garden.locale` is the language readers get by default.
 */
export function sourceLocale(): string {
  return DEFAULT_SOURCE_LOCALE;
}

/**
 * The locale a locale add-on adds (`type: "locale"`): its key, without a `locale-` prefix (`locale-fr` → `fr`).
 */
export function localeOfAddonKey(key: string): string {
  return normalizeLocale(key.replace(/^locale-/, ""));
}

/**
 * The locales content can be shown in: the site's own, then the locale of each running locale add-on.
 */
export function contentLocales(context: AppContext): string[] {
  const locales = [sourceLocale()];
  for (const entry of context.addons.list()) {
    if (entry.manifest.type !== "locale" || !context.addons.isActive(entry.manifest.key)) continue;
    const locale = localeOfAddonKey(entry.manifest.key);
    if (!locales.includes(locale)) locales.push(locale);
  }
  return locales;
}

/** The known locale a wanted one names (`fr_FR` → `fr` when only `fr` is offered), or null. */
export function matchLocale(wanted: string, offered: readonly string[]): string | null {
  const normalized = normalizeLocale(wanted);
  if (offered.includes(normalized)) return normalized;
  const language = normalized.split("_")[0] ?? "";
  return offered.includes(language) ? language : null;
}
