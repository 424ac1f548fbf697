import { SOURCE_LOCALE } from "@forum/api/locales";
import { registerTranslations } from "./translate";

/** Writing direction of a language: Arabic and Hebrew read right to left and get a mirrored layout. */
export type TextDirection = "ltr" | "rtl";

/** A language a locale add-on ships (English is the source and always there). */
export interface LocaleDefinition {
  /** `fr`, `ja`, `ar`: the key pages, cookies and `garden.locale` use. */
  localeKey: string;
  /** `fr_FR`: the language with its region. */
  regionalKey: string;
  direction: TextDirection;
  /** The language's name in each shipped language, keyed by locale key; its own name under its own key. */
  displayNames: Record<string, string>;
}

interface RegisteredLocale extends LocaleDefinition {
  /** The add-on that ships it ("core" for English): the locale is offered only while it runs. */
  owner: string;
}

/** What the registry asks the running site: which add-ons run. */
export interface LocaleOwners {
  addons: { isActive(owner: string): boolean };
}

const ENGLISH: RegisteredLocale = {
  localeKey: SOURCE_LOCALE,
  regionalKey: "en_US",
  direction: "ltr",
  displayNames: {
    en: "English",
    fr: "Anglais",
    de: "Englisch",
    es: "Inglés",
    ja: "英語",
    ar: "الإنجليزية",
  },
  owner: "core",
};

const locales = new Map<string, RegisteredLocale>([[ENGLISH.localeKey, ENGLISH]]);

/**
 * Called by a locale add-on (in `registrar.extend`): its language and its translations of the catalog's strings.
 * The same add-on registering again (another app in the same process) replaces its entry.
 */
export function registerLocale(
  definition: LocaleDefinition,
  translations: Record<string, string>,
  owner: string,
): void {
  locales.set(normalizedLocaleKey(definition.localeKey), { ...definition, owner });
  registerTranslations(normalizedLocaleKey(definition.localeKey), translations);
}

/** `fr-CA`, `FR_ca` → `fr_ca`: how keys are compared. */
export function normalizedLocaleKey(locale: string): string {
  return locale.trim().toLowerCase().replace(/-/g, "_");
}

/** Locales offered now: English, then those whose add-on runs, sorted by key. */
export function enabledLocales(context: LocaleOwners): LocaleDefinition[] {
  return [...locales.values()]
    .filter((locale) => locale.owner === "core" || context.addons.isActive(locale.owner))
    .sort((a, b) =>
      a.localeKey === SOURCE_LOCALE
        ? -1
        : b.localeKey === SOURCE_LOCALE
          ? 1
          : a.localeKey.localeCompare(b.localeKey),
    );
}

/**
 * The enabled locale a key names: the exact language (`fr`), else its language alone (`fr_CA` → `fr`); null when
 * the site does not offer it.
 */
export function findEnabledLocale(
  context: LocaleOwners,
  key: string | null | undefined,
): LocaleDefinition | null {
  if (!key) return null;
  const wanted = normalizedLocaleKey(key);
  const offered = enabledLocales(context);
  return (
    offered.find((locale) => normalizedLocaleKey(locale.localeKey) === wanted) ??
    offered.find((locale) => normalizedLocaleKey(locale.localeKey) === wanted.split("_")[0]) ??
    null
  );
}

export function localeDirection(context: LocaleOwners, key: string): TextDirection {
  return findEnabledLocale(context, key)?.direction ?? "ltr";
}
