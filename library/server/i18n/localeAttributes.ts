import { createHash } from "node:crypto";
import { SOURCE_LOCALE } from "@forum/api/locales";
import { html, type SafeHtml } from "../pages/html";
import { localeDirection, type LocaleOwners } from "./localeRegistry";
import { translationsOf, translationsRevision } from "./translate";

const versions = new Map<string, { revision: number; version: string }>();

/** A short hash of a locale's strings: the address of its translations changes when they do. */
export function translationsVersion(locale: string): string {
  const revision = translationsRevision(locale);
  const known = versions.get(locale);
  if (known?.revision === revision) return known.version;
  const version = createHash("sha1")
    .update(JSON.stringify(translationsOf(locale)))
    .digest("hex")
    .slice(0, 12);
  versions.set(locale, { revision, version });
  return version;
}

/** Where the client fetches the UI strings of a locale (none for English, the source). */
export function translationsUrl(locale: string): string {
  if (locale === SOURCE_LOCALE) return "";
  return `/api/v2/locales/translations/${encodeURIComponent(locale)}?etag=${translationsVersion(locale)}`;
}

/**
 * The `<html>` attributes of a page in the reader's language: `lang` (BCP 47), `dir` (`rtl` mirrors the layout
 * for Arabic) and the address of the strings the client loads before its widgets render.
 */
export function localeAttributes(context: LocaleOwners, locale: string): SafeHtml {
  const url = translationsUrl(locale);
  return html`lang="${locale.replace(/_/g, "-")}" dir="${localeDirection(context, locale)}"${
    url ? html` data-translations="${url}"` : ""
  }`;
}
