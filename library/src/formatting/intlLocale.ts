import { getLocale } from "@library/src/i18n/translate";

/** The reader's language as Intl names it (`fr_CA` → `fr-CA`); English keeps the product's own formats. */
export function intlLocale(): string {
  return getLocale().replace(/_/g, "-");
}

export function isSourceLocale(): boolean {
  return getLocale() === "en";
}

const formatters = new Map<string, unknown>();

/** Intl formatters are slow to make and cheap to use: one per kind, locale and options. */
export function cachedFormatter<T>(key: string, make: (locale: string) => T): T {
  const locale = intlLocale();
  const id = `${key}|${locale}`;
  let formatter = formatters.get(id) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    formatters.set(id, formatter);
  }
  return formatter;
}
