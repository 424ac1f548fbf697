import { sql } from "kysely";
import type { DbOrTx } from "../db/database";
import type { JobRow } from "./jobQueue";
import type { JobStatus } from "./jobTables";

export const JOB_STATUSES: readonly JobStatus[] = ["pending", "running", "done", "failed", "dead"];

/** Jobs for the dashboard, newest first; `status` narrows the list. */
export async function listJobs(
  db: DbOrTx,
  options: { status?: JobStatus; page: number; limit: number },
): Promise<JobRow[]> {
  let query = db.selectFrom("jobs").selectAll();
  if (options.status) query = query.where("status", "=", options.status);
  return query
    .orderBy("jobID", "desc")
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
}

/** How many jobs are in each state (every state present, 0 when none). */
export async function countJobsByStatus(db: DbOrTx): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom("jobs")
    .select(["status"])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** A failed or dead job runs again now, with a fresh set of attempts. Returns false for any other job. */
export async function retryJob(db: DbOrTx, jobID: number): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({
      status: "pending",
      attempts: 0,
      runAt: new Date().toISOString(),
      dateUpdated: new Date().toISOString(),
    })
    .where("jobID", "=", jobID)
    .where("status", "in", ["failed", "dead"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Removes the jobs named `name` that have not started yet (pending, or failed and waiting for a retry) and
 * whose unique key starts with one of `uniqueKeyPrefixes`, inside the caller's transaction: the write that makes
 * them pointless (a cancelled schedule, a deleted record) takes them away with it. A running job is left alone.
 */
export async function removeWaitingJobs(
  db: DbOrTx,
  name: string,
  uniqueKeyPrefixes: readonly string[],
): Promise<number> {
  if (uniqueKeyPrefixes.length === 0) return 0;
  const result = await db
    .deleteFrom("jobs")
    .where("name", "=", name)
    .where("status", "in", ["pending", "failed"])
    .where((eb) =>
      eb.or(
        // An exact comparison of the key's start (no LIKE: nothing to escape, no collation in the way).
        uniqueKeyPrefixes.map((prefix) =>
          eb(sql<string>`substr("uniqueKey", 1, ${prefix.length})`, "=", prefix),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
