/**
 * Translation lookup. English strings (SPEC.md, verbatim) are the keys; a locale map replaces them.
 * Translating before translations are loaded logs one warning and returns the fallback text (SPEC 8).
 */
let translations: Record<string, string> | null = null;
let currentLocale = "en";
let warned = false;

export function loadTranslations(map: Record<string, string>, locale = "en"): void {
  translations = { ...map };
  currentLocale = locale;
}

export function getLocale(): string {
  return currentLocale;
}

export function isTranslationsLoaded(): boolean {
  return translations !== null;
}

/** Back to the unloaded state (tests). */
export function resetTranslations(): void {
  translations = null;
  currentLocale = "en";
  warned = false;
}

export function t(key: string, fallback?: string): string {
  if (translations === null) {
    if (!warned) {
      warned = true;
      console.warn(`Translation "${key}" was requested before translations were loaded.`);
    }
    return fallback ?? key;
  }
  return translations[key] ?? fallback ?? key;
}

/** Replace `{name}` placeholders: `formatText(t('There was a problem loading "{component}"'), { component })`. */
export function formatText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined ? match : String(value);
  });
}
