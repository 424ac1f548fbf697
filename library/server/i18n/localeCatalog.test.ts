import fs from "node:fs";
import path from "node:path";
import { DEFAULT_PLUGINS_DIR, parseManifest } from "../addons/addonManifest";
import { parsePluralMessage, type PLURAL_CATEGORIES } from "@forum/api/pluralMessages";
import { readTranslationsFile, translationsFile } from "./defineLocaleAddon";
import { collectStringCatalog, placeholdersOf, stringsOfSource } from "./stringCatalog";

/** Every locale add-on shipped in plugins/ (manifest `type: "locale"`). */
function localeAddons(): string[] {
  return fs
    .readdirSync(DEFAULT_PLUGINS_DIR)
    .filter((folder) => {
      const manifest = path.join(DEFAULT_PLUGINS_DIR, folder, "addon.json");
      if (!fs.existsSync(manifest)) return false;
      return parseManifest(JSON.parse(fs.readFileSync(manifest, "utf8"))).type === "locale";
    })
    .sort();
}

/** A plural message's `{placeholder}` names, each once (the forms of a message repeat them); null for a plain string. */
function pluralPlaceholders(text: string): string[] | null {
  const message = parsePluralMessage(text);
  if (!message) return null;
  return [...new Set([...message.forms.values()].flatMap((form) => placeholdersOf(form)))].sort();
}

/**
 * The ways a translation of a plural message is wrong for its language: not a plural message, a form for a
 * category the language does not have (Japanese `one`), a category it has left out.
 */
function pluralProblems(locale: string, key: string, translated: string): string[] {
  if (!parsePluralMessage(key)) return [];
  const message = parsePluralMessage(translated);
  if (!message) return [`${key}: not a plural message`];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const problems: string[] = [];
  for (const selector of message.forms.keys())
    if (!selector.startsWith("=") && !categories.includes(selector as (typeof PLURAL_CATEGORIES)[number]))
      problems.push(`${key}: ${selector} is not a plural category of ${locale}`);
  // Arabic says "and 1 other" with no zero form where the count is never 0: only `other` must be there.
  if (!message.forms.has("other")) problems.push(`${key}: no other form`);
  return problems;
}

/** `%s` markers (printf-style strings of mail and uploads) must survive a translation as `{name}` ones do. */
function printfMarkers(text: string): number {
  return text.split("%s").length - 1;
}

describe("the string catalog", () => {
  it("collects t() keys, request.t() keys and translated label properties, not other strings", () => {
    const source = [
      'const a = t("Sign In");',
      "const b = request.t(`Skip to content`);",
      'const c = { label: "My Drafts", href: "/drafts" };',
      'const d = format("Not a key");',
      'const e = t("");',
      'const f = t("{count}");',
    ].join("\n");
    expect(stringsOfSource("example.ts", source).sort()).toEqual(["My Drafts", "Sign In", "Skip to content"]);
  });

  it("holds the product's strings", () => {
    const catalog = collectStringCatalog();
    expect(catalog.length).toBeGreaterThan(500);
    expect(catalog).toEqual(expect.arrayContaining(["Sign In", "Skip to content", "{time} ago", "Register"]));
  });
});

describe("the locale add-ons", () => {
  const catalog = collectStringCatalog();
  const addons = localeAddons();

  it("ship French, German, Spanish, Japanese and Arabic, off by default", () => {
    expect(addons).toEqual(["locale-ar", "locale-de", "locale-es", "locale-fr", "locale-ja"]);
    for (const addon of addons) {
      const manifest = parseManifest(
        JSON.parse(fs.readFileSync(path.join(DEFAULT_PLUGINS_DIR, addon, "addon.json"), "utf8")),
      );
      expect(manifest.defaultEnabled).toBe(false);
    }
  });

  for (const addon of localeAddons())
    it(`${addon} translates every string of the catalog and keeps every placeholder`, () => {
      const translations = readTranslationsFile(translationsFile(addon));
      const missing = catalog.filter((key) => !(key in translations) || translations[key]?.trim() === "");
      expect(missing).toEqual([]);
      const brokenPlaceholders = catalog.filter((key) => {
        const translated = translations[key] ?? "";
        const plural = pluralPlaceholders(key);
        if (plural)
          return plural.join() !== (pluralPlaceholders(translated) ?? placeholdersOf(translated)).join();
        return (
          placeholdersOf(key).join() !== placeholdersOf(translated).join() ||
          printfMarkers(key) !== printfMarkers(translated)
        );
      });
      expect(brokenPlaceholders).toEqual([]);
      const locale = addon.replace(/^locale-/, "");
      expect(catalog.flatMap((key) => pluralProblems(locale, key, translations[key] ?? ""))).toEqual([]);
      // Translated, not copied: only names, codes and words the languages share may read as in English.
      const copied = catalog.filter((key) => translations[key] === key && /\p{L}{4,}/u.test(key));
      expect(copied.length).toBeLessThan(catalog.length * 0.05);
    });
});
