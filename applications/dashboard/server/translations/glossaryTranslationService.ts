import { normalizeLocale } from "@library/server/translations/contentLocales";
import type {
  MachineTranslationConfig,
  MachineTranslationService,
} from "@library/server/translations/machineTranslation";
import { Type } from "@sinclair/typebox";

/** One glossary line: `fr: Gardening = Jardinage`. */
const LINE = /^\s*([A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?)\s*:\s*(.+?)\s*=\s*(.+?)\s*$/;

export interface GlossaryEntry {
  locale: string;
  source: string;
  translation: string;
}

function comparable(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The entries of a glossary text, one `locale: source = translation` per line (other lines are ignored). */
export function parseGlossary(text: string): GlossaryEntry[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const match = LINE.exec(line);
    if (!match?.[1] || !match[2] || !match[3]) return [];
    return [{ locale: normalizeLocale(match[1]), source: comparable(match[2]), translation: match[3] }];
  });
}

function glossaryOf(config: MachineTranslationConfig | null): GlossaryEntry[] {
  return typeof config?.glossary === "string" ? parseGlossary(config.glossary) : [];
}

/**
 * A service that works without a network: it translates a text only when the site's glossary lists that very
 * text for the locale (case and spacing aside), and leaves every other text untranslated. It never guesses.
 */
export const glossaryTranslationService: MachineTranslationService = {
  type: "glossary",
  name: "Glossary",
  configSchema: Type.Object({
    glossary: Type.String({
      maxLength: 20000,
      title: "Glossary",
      description:
        "One translation a line: locale: text = translation (for example fr: Gardening = Jardinage).",
      "x-multiline": true,
    }),
  }),
  isConfigured: (config) => glossaryOf(config).length > 0,
  translate({ texts, targetLocale }, config) {
    const target = normalizeLocale(targetLocale);
    const language = target.split("_")[0];
    const entries = glossaryOf(config);
    const find = (locale: string | undefined, text: string) =>
      entries.find((entry) => entry.locale === locale && entry.source === comparable(text))?.translation;
    return Promise.resolve(texts.map((text) => find(target, text) ?? find(language, text) ?? null));
  },
};
