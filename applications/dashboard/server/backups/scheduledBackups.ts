import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { backupsDir, listBackups, makeBackup } from "./backupFiles";
import { BACKUP_SETTINGS, currentBackupSlot, type BackupSchedule } from "./backupSchedule";

export const SCHEDULED_BACKUP_JOB = "backups.scheduled";
/** How often each server process looks whether a slot of the schedule is due. */
export const SCHEDULE_CHECK_MS = 60_000;

interface BackupSlotTable {
  slot: string;
  dateInserted: string;
  fileName: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    backupSlots: BackupSlotTable;
  }
}

/** Removes the oldest scheduled backups beyond `keep` (backups made by hand stay). Returns the names removed. */
export function pruneScheduledBackups(context: AppContext, keep: number): string[] {
  const dir = backupsDir(context);
  const old = listBackups(context)
    .filter((backup) => backup.scheduled)
    .slice(keep)
    .map((backup) => backup.fileName);
  for (const fileName of old) fs.rmSync(path.join(dir, fileName), { force: true });
  return old;
}

/**
 * Claims the slot of the schedule that is due now, if no process has: the insert of its row decides (the
 * slot is the primary key), and the job that makes the backup is queued in the same transaction. Returns the
 * slot's key when this call claimed it.
 */
export async function claimDueBackupSlot(context: AppContext, now: Date): Promise<string | null> {
  const schedule = await context.settings.get<BackupSchedule>(BACKUP_SETTINGS.schedule);
  const hour = await context.settings.get<number>(BACKUP_SETTINGS.hour);
  const slot = currentBackupSlot(schedule, hour, now);
  if (!slot) return null;
  return context.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("backupSlots")
      .values({ slot: slot.key, dateInserted: nowIso(), fileName: null })
      .onConflict((conflict) => conflict.column("slot").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    await context.jobs.enqueue(
      trx,
      SCHEDULED_BACKUP_JOB,
      { slot: slot.key },
      { uniqueKey: `backup:${slot.key}` },
    );
    return slot.key;
  });
}

/** The job: one backup for the slot, then the schedule's retention. */
export function defineScheduledBackupJob(context: AppContext, owner: string): void {
  context.jobs.define<{ slot: string }>(
    SCHEDULED_BACKUP_JOB,
    async ({ slot }, job) => {
      // Backup files and slots are cached nowhere.
      job.noteChanged();
      const done = await context.db
        .selectFrom("backupSlots")
        .select("fileName")
        .where("slot", "=", slot)
        .executeTakeFirst();
      if (done?.fileName) return;
      const backup = await makeBackup(context, { scheduled: true });
      await context.db
        .updateTable("backupSlots")
        .set({ fileName: backup.fileName })
        .where("slot", "=", slot)
        .execute();
      const removed = pruneScheduledBackups(
        context,
        await context.settings.get<number>(BACKUP_SETTINGS.keep),
      );
      context.log.info({ slot, fileName: backup.fileName, removed }, "Made the scheduled backup.");
    },
    { owner, maxAttempts: 3, backoffSeconds: 60 },
  );
}

/**
 * Every process checks the schedule each minute while it runs (the first check soon after start), at the time
 * of the app's clock; not at all when the app's schedule checks are off (a test that claims slots itself).
 */
export function scheduleBackups(context: AppContext, onClose: (stop: () => void) => void): void {
  if (!context.scheduleChecks) return;
  const check = () =>
    void claimDueBackupSlot(context, context.clock()).catch((error: unknown) =>
      context.log.warn({ err: error }, "Could not check the backup schedule."),
    );
  const first = setTimeout(check, 5_000);
  const timer = setInterval(check, SCHEDULE_CHECK_MS);
  first.unref();
  timer.unref();
  onClose(() => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
