import type { Locale } from "@forum/api/locales";
import type { AppContext } from "../app/appContext";
import type { LocaleDefinition } from "./localeRegistry";
import { localeOptionsOf } from "./localeOptions";

/**
 * API.md 22's Locale. `localeID` is the locale key (`fr`); the configuration (translation service, whether
 * content is translated to it) only for those who manage the site.
 */
export function presentLocale(context: AppContext, locale: LocaleDefinition, withOptions: boolean): Locale {
  const presented: Locale = {
    localeID: locale.localeKey,
    localeKey: locale.localeKey,
    regionalKey: locale.regionalKey,
    displayNames: locale.displayNames,
  };
  if (!withOptions) return presented;
  const options = localeOptionsOf(context, locale.localeKey);
  return { ...presented, translatable: options.translatable, translationService: options.translationService };
}
