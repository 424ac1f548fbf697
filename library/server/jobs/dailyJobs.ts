import type { AppContext } from "../app/appContext";
import type { JobInfo } from "./jobQueue";
import "./jobTables";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `2026-11-28`: the day a run belongs to (UTC). */
function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * A job that runs about once a day (anniversaries, ranks by membership age): each run enqueues the next one a day
 * later, keyed by its day, so however many processes start there is one waiting run per day. Like every job it
 * waits while its owner is disabled, and may run twice after a crash or a restart: the work must be idempotent.
 * The work names what it changed (`job.noteChanged(…)`, nothing at all: `job.noteChanged()`) for the caches. It is
 * told when the last run finished (null before the first), so it may look only at what changed since.
 */
export function defineDailyJob(
  context: Pick<AppContext, "jobs" | "db">,
  name: string,
  work: (job: JobInfo, lastRun: Date | null) => Promise<void>,
  owner: string,
): void {
  context.jobs.define<{ day: string }>(
    name,
    async (_payload, job) => {
      await work(job, await lastDailyRun(context, name));
      const next = Date.now() + DAY_MS;
      await context.jobs.enqueue(
        context.db,
        name,
        { day: dayOf(next) },
        { runAt: new Date(next), uniqueKey: `${name}:${dayOf(next)}` },
      );
    },
    { owner },
  );
}

/** When a daily job's last run finished, or null when it never ran. */
export async function lastDailyRun(context: Pick<AppContext, "db">, name: string): Promise<Date | null> {
  const row = await context.db
    .selectFrom("jobs")
    .select((eb) => eb.fn.max("dateCompleted").as("last"))
    .where("name", "=", name)
    .where("status", "=", "done")
    .executeTakeFirst();
  return typeof row?.last === "string" ? new Date(row.last) : null;
}

/**
 * At start: enqueues today's run of a daily job, unless one of today is waiting or running, or today's already
 * ran (a restart does not run it again; its next run, tomorrow's, is waiting). A failure is logged; the next start
 * tries again.
 */
export async function startDailyJob(
  context: Pick<AppContext, "jobs" | "db" | "log">,
  name: string,
): Promise<void> {
  const day = dayOf(Date.now());
  try {
    const last = await lastDailyRun(context, name);
    if (last && dayOf(last.getTime()) === day) return;
    await context.jobs.enqueue(context.db, name, { day }, { uniqueKey: `${name}:${day}` });
  } catch (error) {
    context.log.error({ err: error }, `Could not schedule the daily job ${name}.`);
  }
}
