import type { AppContext } from "../app/appContext";
import type { JobInfo } from "./jobQueue";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `2026-11-28`: the day a run belongs to (UTC). */
function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * A job that runs about once a day (anniversaries, ranks by membership age): each run enqueues the next one a day
 * later, keyed by its day, so however many processes start there is one waiting run per day. Like every job it
 * waits while its owner is disabled, and may run twice after a crash or a restart: the work must be idempotent.
 * The work names what it changed (`job.noteChanged(…)`, nothing at all: `job.noteChanged()`) for the caches.
 */
export function defineDailyJob(
  context: Pick<AppContext, "jobs" | "db">,
  name: string,
  work: (job: JobInfo) => Promise<void>,
  owner: string,
): void {
  context.jobs.define<{ day: string }>(
    name,
    async (_payload, job) => {
      await work(job);
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

/**
 * At start: enqueues today's run of a daily job (nothing while a run of today is waiting or running). A failure is
 * logged; the next start tries again.
 */
export async function startDailyJob(
  context: Pick<AppContext, "jobs" | "db" | "log">,
  name: string,
): Promise<void> {
  const day = dayOf(Date.now());
  try {
    await context.jobs.enqueue(context.db, name, { day }, { uniqueKey: `${name}:${day}` });
  } catch (error) {
    context.log.error({ err: error }, `Could not schedule the daily job ${name}.`);
  }
}
