import { useEffect, useState } from "react";
import { formatText, t } from "@library/src/i18n/translate";

/** SPEC 9: refresh the remaining edit time every 10 s while over 60 s remain, else every 5 s. */
export const EDIT_TIME_REFRESH_SLOW_MS = 10000;
export const EDIT_TIME_REFRESH_FAST_MS = 5000;
const FAST_THRESHOLD_SECONDS = 60;

export function remainingSeconds(editableUntil: string, now: number): number {
  const until = Date.parse(editableUntil);
  if (Number.isNaN(until)) return 0;
  return Math.max(0, Math.floor((until - now) / 1000));
}

export function editTimeRefreshDelay(seconds: number): number {
  return seconds > FAST_THRESHOLD_SECONDS ? EDIT_TIME_REFRESH_SLOW_MS : EDIT_TIME_REFRESH_FAST_MS;
}

/** '5 minutes remaining', '1 minute remaining', '45 seconds remaining'. */
export function remainingEditText(seconds: number): string {
  if (seconds >= 120) return formatText(t("{count} minutes remaining"), { count: Math.floor(seconds / 60) });
  if (seconds >= 60) return t("1 minute remaining");
  if (seconds === 1) return t("1 second remaining");
  return formatText(t("{count} seconds remaining"), { count: seconds });
}

export interface EditWindow {
  /** Editing is still possible (always true without a limit). */
  open: boolean;
  /** The remaining-time text, or null without a limit or once closed. */
  text: string | null;
}

/** The edit window of a post with `editableUntil` (null = no limit), re-evaluated on the SPEC 9 cadence. */
export function useEditWindow(editableUntil: string | null): EditWindow {
  const [now, setNow] = useState(() => Date.now());
  const seconds = editableUntil === null ? null : remainingSeconds(editableUntil, now);

  useEffect(() => {
    if (editableUntil === null || seconds === null || seconds <= 0) return;
    // The last tick lands exactly when the window closes, so the Edit item never outlives it.
    const untilClose = Date.parse(editableUntil) - now;
    const delay = Math.max(0, Math.min(editTimeRefreshDelay(seconds), untilClose));
    const timer = window.setTimeout(() => setNow(Date.now()), delay);
    return () => window.clearTimeout(timer);
  }, [editableUntil, seconds, now]);

  if (seconds === null) return { open: true, text: null };
  if (seconds <= 0) return { open: false, text: null };
  return { open: true, text: remainingEditText(seconds) };
}
