import fs from "node:fs";
import path from "node:path";
import { DEFAULT_PLUGINS_DIR } from "../addons/addonManifest";
import { defineAddon, type AddonDefinition } from "../addons/defineAddon";
import { registerLocale, type LocaleDefinition } from "./localeRegistry";

/** Where a locale add-on keeps its strings: `plugins/<key>/translations.json`, `{English: translation}`. */
export function translationsFile(addonKey: string, pluginsDir = DEFAULT_PLUGINS_DIR): string {
  return path.join(pluginsDir, addonKey, "translations.json");
}

export function readTranslationsFile(file: string): Record<string, string> {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error(`${file} must be an object of strings.`);
  const entries = Object.entries(parsed as Record<string, unknown>);
  const bad = entries.find(([, value]) => typeof value !== "string");
  if (bad) throw new Error(`${file}: the translation of "${bad[0]}" is not a string.`);
  return Object.fromEntries(entries) as Record<string, string>;
}

/**
 * A locale add-on (`type: "locale"` in its addon.json): one language and its translations of the product's
 * strings. The site offers the language while the add-on runs.
 */
export function defineLocaleAddon(key: string, locale: LocaleDefinition): AddonDefinition {
  return defineAddon({
    key,
    register(registrar) {
      const translations = readTranslationsFile(translationsFile(key));
      registrar.extend((_context, owner) => registerLocale(locale, translations, owner));
    },
  });
}
