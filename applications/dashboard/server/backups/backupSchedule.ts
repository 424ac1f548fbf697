import { defineSetting } from "@library/server/settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

export const BACKUP_SCHEDULES = ["off", "daily", "weekly"] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];

export const BACKUP_SETTINGS = {
  schedule: "backups.schedule",
  hour: "backups.hour",
  keep: "backups.keep",
} as const;

defineSetting({
  key: BACKUP_SETTINGS.schedule,
  schema: Type.Union(BACKUP_SCHEDULES.map((value) => Type.Literal(value))),
  default: "off",
  read: "site.manage",
  write: "site.manage",
});
defineSetting({
  key: BACKUP_SETTINGS.hour,
  schema: Type.Integer({ minimum: 0, maximum: 23 }),
  default: 3,
  read: "site.manage",
  write: "site.manage",
});
defineSetting({
  key: BACKUP_SETTINGS.keep,
  schema: Type.Integer({ minimum: 1, maximum: 100 }),
  default: 7,
  read: "site.manage",
  write: "site.manage",
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The latest slot of the schedule at or before `now` (UTC): daily at `hour`, or weekly on Sunday at `hour`.
 * Its key names the slot (`daily-2026-11-25T03`); null when scheduled backups are off.
 */
export function currentBackupSlot(
  schedule: BackupSchedule,
  hour: number,
  now: Date,
): { key: string; at: Date } | null {
  if (schedule === "off") return null;
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let at = day + hour * HOUR_MS;
  if (schedule === "weekly") at -= new Date(day).getUTCDay() * DAY_MS;
  const period = schedule === "weekly" ? 7 * DAY_MS : DAY_MS;
  while (at > now.getTime()) at -= period;
  const slotDate = new Date(at);
  return { key: `${schedule}-${slotDate.toISOString().slice(0, 13)}`, at: slotDate };
}
