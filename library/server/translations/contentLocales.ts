import { SOURCE_LOCALE } from "@forum/api/locales";
import type { AppContext } from "../app/appContext";
import { localeOptionsOf } from "../i18n/localeOptions";
import { enabledLocales, normalizedLocaleKey } from "../i18n/localeRegistry";

/** `fr_CA`, `fr-ca` and `FR` all name the same thing: lower case, `_` between language and region. */
export function normalizeLocale(locale: string): string {
  return normalizedLocaleKey(locale);
}

/**
 * The locale the site's content is written in, which translations are made from: English, the product's source
 * language (SPEC 9: default translation locale `en`); `garden.locale` is the language readers get by default.
 */
export function sourceLocale(): string {
  return SOURCE_LOCALE;
}

/** The locales content can be shown in: the source, then every language a running locale add-on offers. */
export function contentLocales(context: AppContext): string[] {
  return enabledLocales(context).map((locale) => normalizedLocaleKey(locale.localeKey));
}

/**
 * The locales content may be translated into: the site's languages but the source, less those a site manager
 * marked not translatable (`PATCH /locales/{id}` `translatable: false`).
 */
export function translationLocales(context: AppContext): string[] {
  return contentLocales(context).filter(
    (locale) => locale !== sourceLocale() && localeOptionsOf(context, locale).translatable,
  );
}

/** The known locale a wanted one names (`fr_FR` → `fr` when only `fr` is offered), or null. */
export function matchLocale(wanted: string, offered: readonly string[]): string | null {
  const normalized = normalizeLocale(wanted);
  if (offered.includes(normalized)) return normalized;
  const language = normalized.split("_")[0] ?? "";
  return offered.includes(language) ? language : null;
}
