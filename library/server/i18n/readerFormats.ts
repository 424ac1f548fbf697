import { SOURCE_LOCALE } from "@forum/api/locales";
import { pluralForm } from "@forum/api/pluralMessages";
import { formatText, type Translate } from "./translate";

/**
 * Dates and numbers written by the server in the reader's language, as the client writes them (the same Intl
 * formats, so a page reads the same before and after its script runs). English keeps the product's own formats;
 * the server writes dates in UTC, as it cannot know the reader's time zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(id: string, make: () => T): T {
  let formatter = formatters.get(id) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(id, formatter);
  }
  return formatter;
}

/** The Intl tag of a locale key (`pt_BR` → `pt-BR`). */
export function intlTag(locale: string): string {
  return locale.replace(/_/g, "-");
}

export function isSourceLocale(locale: string | undefined): boolean {
  return !locale || locale === SOURCE_LOCALE;
}

/** "1,234" in English; the reader's digits and separators in another language ("1 234", "١٬٢٣٤"). */
export function formatNumberIn(locale: string | undefined, value: number): string {
  if (isSourceLocale(locale)) {
    // Below a thousand an English whole number has no separator: its digits (most counts on a page).
    if (Number.isInteger(value) && value >= 0 && value < 1000 && !Object.is(value, -0)) return String(value);
    // One formatter kept: `toLocaleString` makes its own on every call.
    return cached("number|en-US", () => new Intl.NumberFormat("en-US")).format(value);
  }
  const tag = intlTag(locale!);
  return cached(`number|${tag}`, () => new Intl.NumberFormat(tag)).format(value);
}

/** A date as a page shows it before its script makes it relative ("28 nov. 2026" in French), in UTC. */
export function shortDateIn(locale: string, date: Date): string {
  const tag = intlTag(locale);
  return cached(
    `short|${tag}`,
    () => new Intl.DateTimeFormat(tag, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }),
  ).format(date);
}

/**
 * The full date of a title attribute, in the client's format ("28 novembre 2026 à 13:09" in French): the page
 * script writes the same for a reader in UTC.
 */
export function fullDateIn(locale: string, date: Date): string {
  const tag = intlTag(locale);
  return cached(
    `full|${tag}`,
    () => new Intl.DateTimeFormat(tag, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }),
  ).format(date);
}

/**
 * A plural message (`t("{count, plural, one {# comment} other {# comments}}")`) in the form of `count` for the
 * translator's language, with the count in its digits and the other placeholders filled from `values`.
 */
export function pluralText(
  text: string,
  count: number,
  t: Translate,
  values: Record<string, string | number> = {},
): string {
  const locale = t.locale ?? SOURCE_LOCALE;
  const written = formatNumberIn(locale, count);
  return formatText(pluralForm(text, count, locale, written), { count: written, ...values });
}
