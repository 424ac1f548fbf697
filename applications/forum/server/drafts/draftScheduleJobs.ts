import type { DbOrTx } from "@library/server/db/database";
import { removeWaitingJobs } from "@library/server/jobs/jobsAdmin";

export const PUBLISH_SCHEDULED_DRAFT = "forum.publishScheduledDraft";

export interface PublishDraftPayload {
  draftID: number;
  dateScheduled: string;
}

/** One job per draft and date: rescheduling removes the waiting job and adds one for the new date. */
export function scheduleKey(draftID: number, dateScheduled: string): string {
  return `draft:${draftID}:${dateScheduled}`;
}

/**
 * Removes the waiting publish jobs of these drafts, inside the transaction that cancels, reschedules or deletes
 * them: no job is left pending for a schedule that no longer exists.
 */
export async function removePublishJobs(trx: DbOrTx, draftIDs: readonly number[]): Promise<void> {
  await removeWaitingJobs(
    trx,
    PUBLISH_SCHEDULED_DRAFT,
    draftIDs.map((draftID) => `draft:${draftID}:`),
  );
}
