import { html, widget, type SafeHtml } from "../pages/html";
import { enabledLocales, type LocaleOwners } from "./localeRegistry";
import type { Translate } from "./translate";

/** One language of the picker: its key and its name in itself ("Français", "日本語"). */
export interface LocaleChoice {
  localeKey: string;
  name: string;
}

export interface LocalePickerProps {
  locales: LocaleChoice[];
  current: string;
}

export function localeChoices(context: LocaleOwners): LocaleChoice[] {
  return enabledLocales(context).map((locale) => ({
    localeKey: locale.localeKey,
    name: locale.displayNames[locale.localeKey] ?? locale.localeKey,
  }));
}

/**
 * The page footer with the language picker, for guests and members alike, on sites that offer more than one
 * language. Without script it names the language the page is in.
 */
export function localePickerFooter(context: LocaleOwners, locale: string, t: Translate): SafeHtml {
  const locales = localeChoices(context);
  if (locales.length < 2) return html``;
  const current = locales.find((choice) => choice.localeKey === locale) ?? locales[0];
  const props: LocalePickerProps = { locales, current: current?.localeKey ?? locale };
  return html`<footer class="pageFooter">
    ${widget(
      "div",
      "LocalePicker",
      props,
      html`<span class="localePicker"><span class="localePicker-label">${t("Language")}</span> ${current?.name ?? ""}</span>`,
    )}
  </footer>`;
}
