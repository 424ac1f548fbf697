import { MONTH_NAMES as MONTHS, WEEKDAY_NAMES as WEEKDAYS } from "@forum/api/dateNames";
import { readerDateTexts } from "../i18n/readerDates";
import { html, type SafeHtml } from "./html";

/** "Nov 22, 2026" (UTC); written by hand because Intl formatting was the slowest part of a long comment page. */
export function shortDate(date: Date): string {
  return `${(MONTHS[date.getUTCMonth()] ?? "").slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Sunday, November 22, 2026 at 1:09 PM UTC". */
export function fullDate(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
  return `${WEEKDAYS[date.getUTCDay()] ?? ""}, ${MONTHS[date.getUTCMonth()] ?? ""} ${date.getUTCDate()}, ${date.getUTCFullYear()} at ${clock} UTC`;
}

/**
 * A date readable without JavaScript, in the reader's language ("28 nov. 2026" in French); the page script turns
 * it into relative time ("3 hours ago") every 30 s.
 */
export function timeTag(date: string | null): SafeHtml {
  if (!date) return html``;
  const parsed = new Date(date);
  const local = readerDateTexts(parsed);
  return html`<time datetime="${date}" title="${local?.full ?? fullDate(parsed)}" data-relative>${local?.short ?? shortDate(parsed)}</time>`;
}
