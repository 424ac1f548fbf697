/** How often digests go out: the site's default and a member's own choice. */
export type DigestFrequency = "daily" | "weekly";

export const DIGEST_FREQUENCIES: readonly DigestFrequency[] = ["daily", "weekly"];

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** One digest period: from `start` (included) to `end` (excluded), the moment it is sent. */
export interface DigestPeriod {
  periodKey: string;
  frequency: DigestFrequency;
  start: string;
  end: string;
}

/** When and where digests are sent: the weekday (0 Sunday … 6 Saturday) and hour in the site's time zone. */
export interface DigestSchedule {
  weekday: number;
  hour: number;
  timeZone: string;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Whether `timeZone` is a time zone this runtime knows (`Europe/Paris`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

function localParts(time: number, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    weekday: "short",
  }).formatToParts(new Date(time));
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return {
    year: Number(value("year")),
    month: Number(value("month")),
    day: Number(value("day")),
    hour: Number(value("hour")) % 24,
    minute: Number(value("minute")),
    weekday: WEEKDAYS.indexOf(value("weekday")),
  };
}

/** The UTC moment of a wall-clock hour in the time zone (the first, when a clock change repeats it). */
function utcOfLocal(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  const offsetAt = (time: number) => {
    const local = localParts(time, timeZone);
    const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
    return wall - Math.floor(time / MINUTE_MS) * MINUTE_MS;
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/**
 * The last period of a frequency that has ended by `now`: a daily one ends at the hour each day, a weekly one at
 * the hour on the weekday, in the site's time zone.
 */
export function lastEndedPeriod(
  now: number,
  frequency: DigestFrequency,
  schedule: DigestSchedule,
): DigestPeriod {
  const timeZone = isTimeZone(schedule.timeZone) ? schedule.timeZone : "UTC";
  const today = localParts(now, timeZone);
  let daysBack = today.hour >= schedule.hour ? 0 : 1;
  if (frequency === "weekly") {
    const weekdayThen = (today.weekday - daysBack + 7) % 7;
    daysBack += (weekdayThen - schedule.weekday + 7) % 7;
  }
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day - daysBack));
  const end = utcOfLocal(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    schedule.hour,
    timeZone,
  );
  const endIso = new Date(end).toISOString();
  return {
    periodKey: `${frequency}:${endIso}`,
    frequency,
    start: new Date(end - (frequency === "weekly" ? 7 : 1) * DAY_MS).toISOString(),
    end: endIso,
  };
}

/** The period a preview covers: the one ending now. */
export function previewPeriod(now: number, frequency: DigestFrequency): DigestPeriod {
  const end = new Date(now).toISOString();
  return {
    periodKey: `preview:${end}`,
    frequency,
    start: new Date(now - (frequency === "weekly" ? 7 : 1) * DAY_MS).toISOString(),
    end,
  };
}

/** The start of the next full hour after `now`: when the scheduler looks again. */
export function nextHour(now: number): Date {
  return new Date((Math.floor(now / HOUR_MS) + 1) * HOUR_MS);
}
