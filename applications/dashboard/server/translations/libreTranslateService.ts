import type {
  MachineTranslationConfig,
  MachineTranslationService,
} from "@library/server/translations/machineTranslation";
import { Type } from "@sinclair/typebox";

/** How long a translation request may take before the service counts as unreachable. */
export const LIBRE_TRANSLATE_TIMEOUT_MS = 10_000;

/** Raised when the service cannot be reached or answers something else than translations. */
export class MachineTranslationFailed extends Error {}

function urlOf(config: MachineTranslationConfig | null): string | null {
  const url = config?.url;
  return typeof url === "string" && /^https?:\/\/\S+$/.test(url) ? url.replace(/\/+$/, "") : null;
}

/** `fr_ca` → `fr`: the service knows languages, not regions. */
function languageOf(locale: string): string {
  return locale.toLowerCase().split(/[_-]/)[0] ?? locale;
}

function translatedTexts(body: unknown, count: number): string[] {
  const translated =
    body && typeof body === "object" && "translatedText" in body ? body.translatedText : undefined;
  const list = Array.isArray(translated) ? translated : [translated];
  if (list.length !== count || !list.every((item): item is string => typeof item === "string"))
    throw new MachineTranslationFailed("The translation service answered without translations.");
  return list;
}

/**
 * A LibreTranslate-compatible HTTP API (`POST {url}/translate` with `q` as a list of texts, `source`, `target`,
 * `format: "text"` and `api_key`): a self-hosted server or a hosted one with its key.
 */
export const libreTranslateService: MachineTranslationService = {
  type: "libretranslate",
  name: "LibreTranslate",
  configSchema: Type.Object({
    url: Type.String({
      pattern: "^https?://\\S+$",
      maxLength: 500,
      title: "Server URL",
      description: "The address of a LibreTranslate-compatible server, e.g. https://translate.example.com",
    }),
    apiKey: Type.Optional(Type.String({ maxLength: 500, title: "API key", writeOnly: true })),
  }),
  secretFields: ["apiKey"],
  isConfigured: (config) => urlOf(config) !== null,
  async translate({ texts, sourceLocale, targetLocale }, config) {
    const url = urlOf(config);
    if (!url) throw new MachineTranslationFailed("The translation service has no server URL.");
    const apiKey = typeof config.apiKey === "string" && config.apiKey !== "" ? config.apiKey : undefined;
    let response: Response;
    try {
      response = await fetch(`${url}/translate`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          q: texts,
          source: languageOf(sourceLocale),
          target: languageOf(targetLocale),
          format: "text",
          ...(apiKey ? { api_key: apiKey } : {}),
        }),
        signal: AbortSignal.timeout(LIBRE_TRANSLATE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new MachineTranslationFailed(`The translation service could not be reached: ${String(error)}`);
    }
    if (!response.ok)
      throw new MachineTranslationFailed(`The translation service answered ${response.status}.`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new MachineTranslationFailed("The translation service answered without JSON.");
    }
    return translatedTexts(body, texts.length);
  },
};
