/**
 * Server-side `t()`, the twin of the client's: English strings from SPEC.md are the keys, and a locale pack
 * (registered by a locale add-on) maps them to another language. A missing translation falls back to the
 * given fallback, then to the key itself.
 */
const packs = new Map<string, Map<string, string>>();
/** How often each pack was registered into: a cache of anything made from a pack is good for one revision. */
const revisions = new Map<string, number>();

export function registerTranslations(locale: string, translations: Record<string, string>): void {
  const pack = packs.get(locale) ?? new Map<string, string>();
  for (const [key, value] of Object.entries(translations)) pack.set(key, value);
  packs.set(locale, pack);
  revisions.set(locale, (revisions.get(locale) ?? 0) + 1);
}

export function translationsRevision(locale: string): number {
  return revisions.get(locale) ?? 0;
}

/** A translation function; the ones `translatorFor` makes also say their language (for plurals, dates, numbers). */
export type Translate = ((key: string, fallback?: string) => string) & { readonly locale?: string };

export function translatorFor(locale: string): Translate {
  const pack = packs.get(locale);
  return Object.assign((key: string, fallback?: string) => pack?.get(key) ?? fallback ?? key, { locale });
}

/** `{name}` placeholders filled from values, after translation. */
export function formatText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** A locale's registered strings `{English: translation}` (empty for English, the source). */
export function translationsOf(locale: string): Record<string, string> {
  return Object.fromEntries(packs.get(locale) ?? []);
}
