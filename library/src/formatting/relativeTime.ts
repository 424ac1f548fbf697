import { MONTH_NAMES as MONTHS } from "@forum/api/dateNames";
import { formatText, t } from "@library/src/i18n/translate";
import { cachedFormatter, isSourceLocale } from "./intlLocale";

/**
 * What a date can be given as: an ISO string, epoch milliseconds or a Date (undefined: now). Native Date does
 * the parsing: this module is on every page's first view, and two date functions do not need a date library.
 */
export type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant `value` names (an invalid Date for what is not a date); a bare date is local midnight. */
export function toDate(value: DateInput): Date {
  if (value === undefined) return new Date();
  if (value === null) return new Date(NaN);
  if (value instanceof Date) return new Date(value.getTime());
  const dateOnly = typeof value === "string" ? DATE_ONLY.exec(value) : null;
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  return new Date(value);
}

export const RELATIVE_TIME_REFRESH_MS = 30000;

/**
 * Relative time with SPEC 9 thresholds (moment's): 'just now' for 0–5 s, 'a few seconds' under 45 s, a minute
 * to 89 s, minutes under 45, an hour to 89 min, hours under 22, a day to 35 h, days under 26, a month to 45 days,
 * months to 319 days, a year to 548 days, then years.
 */
export function relativePhrase(date: DateInput, now: DateInput = undefined): string {
  const diffMs = toDate(now).getTime() - toDate(date).getTime();
  const seconds = Math.abs(diffMs) / 1000;
  const future = diffMs < 0;

  if (!future && seconds <= 5) return t("just now");

  const minutes = seconds / 60;
  const hours = minutes / 60;
  const days = hours / 24;
  if (seconds < 45)
    return formatText(future ? t("in {time}") : t("{time} ago"), { time: t("a few seconds") });
  let amount: [number, Intl.RelativeTimeFormatUnit];
  if (seconds < 90) amount = [1, "minute"];
  else if (minutes < 45) amount = [Math.max(2, Math.round(minutes)), "minute"];
  else if (minutes < 90) amount = [1, "hour"];
  else if (hours < 22) amount = [Math.max(2, Math.round(hours)), "hour"];
  else if (hours < 36) amount = [1, "day"];
  else if (days < 26) amount = [Math.max(2, Math.round(days)), "day"];
  else if (days < 45) amount = [1, "month"];
  else if (days < 320) amount = [Math.max(2, Math.round(days / 30.4375)), "month"];
  else if (days <= 548) amount = [1, "year"];
  else amount = [Math.max(2, Math.round(days / 365.25)), "year"];

  // Another language says it with its own grammar and plurals ("il y a 3 heures", "منذ 3 ساعات").
  if (!isSourceLocale())
    return cachedFormatter(
      "relative",
      (locale) => new Intl.RelativeTimeFormat(locale, { numeric: "always" }),
    ).format(future ? amount[0] : -amount[0], amount[1]);
  return formatText(future ? t("in {time}") : t("{time} ago"), { time: englishAmount(amount) });
}

const SINGULAR: Record<string, string> = {
  minute: "a minute",
  hour: "an hour",
  day: "a day",
  month: "a month",
  year: "a year",
};
const PLURAL: Record<string, string> = {
  minute: "{count} minutes",
  hour: "{count} hours",
  day: "{count} days",
  month: "{count} months",
  year: "{count} years",
};

function englishAmount([count, unit]: [number, Intl.RelativeTimeFormatUnit]): string {
  if (count === 1) return t(SINGULAR[unit] ?? unit);
  return formatText(t(PLURAL[unit] ?? unit), { count });
}

/** The full date for a title attribute, e.g. "March 14, 2025, 9:26 AM" ("14 mars 2025 à 09:26" in French). */
export function fullDate(date: DateInput): string {
  const parsed = toDate(date);
  const value = Number.isNaN(parsed.getTime()) ? new Date(0) : parsed;
  if (!isSourceLocale())
    return cachedFormatter(
      "fullDate",
      (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }),
    ).format(value);
  const hours = value.getHours();
  const minutes = String(value.getMinutes()).padStart(2, "0");
  return `${MONTHS[value.getMonth()] ?? ""} ${value.getDate()}, ${value.getFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}
