import type { AppContext } from "@library/server/app/appContext";
import type { SiteDigestFrequency } from "./digestMembers";
import type { DigestSchedule } from "./digestPeriods";

export const WEEKDAY_VALUES = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;

export interface SiteDigestSettings extends DigestSchedule {
  frequency: SiteDigestFrequency;
}

/** The site's digest settings as the scheduler reads them (a value stored before a change of rules: the default). */
export async function siteDigestSettings(context: AppContext): Promise<SiteDigestSettings> {
  const [frequency, weekday, hour, timeZone] = await Promise.all([
    context.settings.get<string>("digests.frequency"),
    context.settings.get<string>("digests.weekday"),
    context.settings.get<number>("digests.hour"),
    context.settings.get<string>("digests.timeZone"),
  ]);
  const day = WEEKDAY_VALUES.indexOf(weekday as (typeof WEEKDAY_VALUES)[number]);
  return {
    frequency: frequency === "daily" || frequency === "weekly" ? frequency : "off",
    weekday: day >= 0 ? day : 1,
    hour: Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : 8,
    timeZone: timeZone || "UTC",
  };
}
