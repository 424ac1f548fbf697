import type { Locale, LocalePatchBody } from "@forum/api/locales";
import type { TranslationService } from "@forum/api/translationServices";
import { apiv2 } from "@library/src/api/apiClient";

/** The enabled locales with their configuration (the list, then each one as a site manager reads it). */
export async function fetchLocaleSettings(): Promise<Locale[]> {
  const locales = (await apiv2.get<Locale[]>("locales")).data;
  return Promise.all(
    locales.map(
      async (locale) => (await apiv2.get<Locale>(`locales/${encodeURIComponent(locale.localeID)}`)).data,
    ),
  );
}

/** The machine translation services a locale may use (none when the site offers no service). */
export async function fetchTranslationServices(): Promise<TranslationService[]> {
  try {
    return (await apiv2.get<TranslationService[]>("translation-services")).data;
  } catch {
    return [];
  }
}

export async function patchLocale(localeID: string, body: LocalePatchBody): Promise<Locale> {
  return (await apiv2.patch<Locale>(`locales/${encodeURIComponent(localeID)}`, body)).data;
}

export async function fetchSiteLocale(): Promise<string> {
  const config = (await apiv2.get<Record<string, unknown>>("config", { params: { select: "garden.locale" } }))
    .data;
  return typeof config["garden.locale"] === "string" ? config["garden.locale"] : "en";
}

export async function saveSiteLocale(locale: string): Promise<void> {
  await apiv2.patch("config", { "garden.locale": locale });
}
