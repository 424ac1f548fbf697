import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { membersGetting, type SiteDigestFrequency } from "./digestMembers";
import { DIGEST_FREQUENCIES, lastEndedPeriod, nextHour, type DigestPeriod } from "./digestPeriods";
import { sendMemberDigest } from "./digestSend";
import { siteDigestSettings } from "./digestSettings";
import "../tables";

/** Looks every hour whether a period has ended; starts its batches once. */
export const DIGEST_TICK_JOB = "digests.tick";
/** Queues the member jobs of one period, a batch of members at a time. */
export const DIGEST_BATCH_JOB = "digests.batch";
/** One member's digest of one period. */
export const DIGEST_MEMBER_JOB = "digests.member";

/** Members per batch job. */
const BATCH_SIZE = 100;

interface BatchPayload {
  period: DigestPeriod;
  site: SiteDigestFrequency;
  afterUserID: number;
}

interface MemberPayload {
  userID: number;
  period: DigestPeriod;
}

/** Queues the next look of the scheduler, at the next full hour (one waiting look per hour, whatever the processes). */
export async function scheduleDigestTick(context: AppContext, now = Date.now()): Promise<void> {
  const runAt = nextHour(now);
  await context.jobs.enqueue(
    context.db,
    DIGEST_TICK_JOB,
    { hour: runAt.toISOString() },
    { runAt, uniqueKey: `${DIGEST_TICK_JOB}:${runAt.toISOString()}` },
  );
}

/**
 * The scheduler's look: for each frequency, the last period that has ended is started once (a `digestPeriods` row
 * written in the transaction that queues its first batch), then the next look is queued.
 */
export async function runDigestTick(context: AppContext): Promise<void> {
  const settings = await siteDigestSettings(context);
  for (const frequency of DIGEST_FREQUENCIES) {
    const period = lastEndedPeriod(Date.now(), frequency, settings);
    await context.db.transaction().execute(async (trx) => {
      const started = await trx
        .insertInto("digestPeriods")
        .values({ periodKey: period.periodKey, dateScheduled: nowIso() })
        .onConflict((conflict) => conflict.column("periodKey").doNothing())
        .returning("periodKey")
        .executeTakeFirst();
      if (!started) return;
      await context.jobs.enqueue(
        trx,
        DIGEST_BATCH_JOB,
        { period, site: settings.frequency, afterUserID: 0 } satisfies BatchPayload,
        { uniqueKey: `${DIGEST_BATCH_JOB}:${period.periodKey}:0` },
      );
    });
  }
}

/** One batch: a member job for each of the next members who get this frequency, then the next batch. */
async function runDigestBatch(context: AppContext, payload: BatchPayload): Promise<void> {
  const { period, site, afterUserID } = payload;
  await context.db.transaction().execute(async (trx) => {
    const userIDs = await membersGetting(trx, period.frequency, site, afterUserID, BATCH_SIZE);
    for (const userID of userIDs)
      await context.jobs.enqueue(trx, DIGEST_MEMBER_JOB, { userID, period } satisfies MemberPayload, {
        uniqueKey: `${DIGEST_MEMBER_JOB}:${period.periodKey}:${userID}`,
      });
    const last = userIDs[userIDs.length - 1];
    if (userIDs.length === BATCH_SIZE && last !== undefined)
      await context.jobs.enqueue(
        trx,
        DIGEST_BATCH_JOB,
        { period, site, afterUserID: last } satisfies BatchPayload,
        {
          uniqueKey: `${DIGEST_BATCH_JOB}:${period.periodKey}:${last}`,
        },
      );
  });
}

/** The digests add-on's jobs; they wait while it is off, and a failure is retried, never seen by readers. */
export function defineDigestJobs(context: AppContext, owner: string): void {
  // Mail only goes to the outbox: no page or cached record changes.
  context.jobs.define(
    DIGEST_TICK_JOB,
    async (_payload, job) => {
      job.noteChanged();
      try {
        await runDigestTick(context);
      } finally {
        await scheduleDigestTick(context);
      }
    },
    { owner },
  );
  context.jobs.define<BatchPayload>(
    DIGEST_BATCH_JOB,
    async (payload, job) => {
      job.noteChanged();
      await runDigestBatch(context, payload);
    },
    { owner },
  );
  context.jobs.define<MemberPayload>(
    DIGEST_MEMBER_JOB,
    async ({ userID, period }, job) => {
      job.noteChanged();
      await sendMemberDigest(context, userID, period);
    },
    { owner, maxAttempts: 5, backoffSeconds: 60 },
  );
}
