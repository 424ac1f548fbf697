import dayjs from "dayjs";
import { formatText, t } from "@library/src/i18n/translate";

export const RELATIVE_TIME_REFRESH_MS = 30000;

/**
 * Relative time with SPEC 9 thresholds (moment's): 'just now' for 0–5 s, 'a few seconds' under 45 s, a minute
 * to 89 s, minutes under 45, an hour to 89 min, hours under 22, a day to 35 h, days under 26, a month to 45 days,
 * months to 319 days, a year to 548 days, then years.
 */
export function relativePhrase(date: dayjs.ConfigType, now: dayjs.ConfigType = undefined): string {
  const target = dayjs(date);
  const reference = dayjs(now);
  const diffMs = reference.diff(target);
  const seconds = Math.abs(diffMs) / 1000;
  const future = diffMs < 0;

  if (!future && seconds <= 5) return t("just now");

  const minutes = seconds / 60;
  const hours = minutes / 60;
  const days = hours / 24;
  let amount: string;
  if (seconds < 45) amount = t("a few seconds");
  else if (seconds < 90) amount = t("a minute");
  else if (minutes < 45)
    amount = formatText(t("{count} minutes"), { count: Math.max(2, Math.round(minutes)) });
  else if (minutes < 90) amount = t("an hour");
  else if (hours < 22) amount = formatText(t("{count} hours"), { count: Math.max(2, Math.round(hours)) });
  else if (hours < 36) amount = t("a day");
  else if (days < 26) amount = formatText(t("{count} days"), { count: Math.max(2, Math.round(days)) });
  else if (days < 45) amount = t("a month");
  else if (days < 320)
    amount = formatText(t("{count} months"), { count: Math.max(2, Math.round(days / 30.4375)) });
  else if (days <= 548) amount = t("a year");
  else amount = formatText(t("{count} years"), { count: Math.max(2, Math.round(days / 365.25)) });

  return formatText(future ? t("in {time}") : t("{time} ago"), { time: amount });
}

/** The full date for a title attribute, e.g. "March 14, 2025, 9:26 AM". */
export function fullDate(date: dayjs.ConfigType): string {
  const value = dayjs(date);
  return value.isValid() ? value.format("MMMM D, YYYY, h:mm A") : dayjs(0).format("MMMM D, YYYY, h:mm A");
}
