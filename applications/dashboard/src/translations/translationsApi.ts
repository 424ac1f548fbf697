import type { Translation, TranslationPatchItem, TranslationTarget } from "@forum/api/translations";
import type { MachineTranslationResult, TranslationServiceWithConfig } from "@forum/api/translationServices";
import { apiv2 } from "@library/src/api/apiClient";

/** A language content can be shown in (`GET /locales`, API.md 22): its key and its name in each language. */
export interface ContentLocale {
  localeKey: string;
  displayNames: Record<string, string>;
  /** Site managers read these with one locale (`GET /locales/{id}`). */
  translatable?: boolean;
  translationService?: string | null;
}

export interface TranslationQuery {
  resource: string;
  locale: string;
  recordType: string;
  recordIDs?: readonly number[];
  recordKeys?: readonly string[];
}

export async function getTranslations(query: TranslationQuery): Promise<Translation[]> {
  const { resource, recordIDs, recordKeys, ...rest } = query;
  const response = await apiv2.get<Translation[]>(`translations/${encodeURIComponent(resource)}`, {
    params: {
      ...rest,
      ...(recordIDs?.length ? { recordIDs: recordIDs.join(",") } : {}),
      ...(recordKeys?.length ? { recordKeys: recordKeys.join(",") } : {}),
      limit: 100,
    },
  });
  return response.data;
}

export async function patchTranslations(
  resource: string,
  items: TranslationPatchItem[],
): Promise<Translation[]> {
  const response = await apiv2.patch<Translation[]>(`translations/${encodeURIComponent(resource)}`, items);
  return response.data;
}

export async function removeTranslations(resource: string, items: TranslationTarget[]): Promise<void> {
  await apiv2.patch(`translations/${encodeURIComponent(resource)}/remove`, items);
}

export async function getContentLocales(): Promise<ContentLocale[]> {
  const response = await apiv2.get<ContentLocale[]>("locales");
  return response.data;
}

/** One locale with its configuration: whether content is translated to it, and its machine translation service. */
export async function getContentLocale(localeKey: string): Promise<ContentLocale> {
  const response = await apiv2.get<ContentLocale>(`locales/${encodeURIComponent(localeKey)}`);
  return response.data;
}

export async function getTranslationServices(): Promise<TranslationServiceWithConfig[]> {
  const response = await apiv2.get<TranslationServiceWithConfig[]>("translation-services");
  return response.data;
}

export async function putTranslationService(
  type: string,
  body: Record<string, unknown>,
): Promise<TranslationServiceWithConfig> {
  const response = await apiv2.put<TranslationServiceWithConfig>(
    `translation-services/${encodeURIComponent(type)}`,
    body,
  );
  return response.data;
}

export async function machineTranslate(
  type: string,
  texts: string[],
  locale: string,
): Promise<(string | null)[]> {
  const response = await apiv2.post<MachineTranslationResult>(
    `translation-services/${encodeURIComponent(type)}/translate`,
    { texts, locale },
  );
  return response.data.translations;
}
