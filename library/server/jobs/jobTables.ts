import type { Generated } from "kysely";

/** `pending` → `running` → `done`; a throw makes it `failed` (retried later) and, past maxAttempts, `dead`. */
export type JobStatus = "pending" | "running" | "done" | "failed" | "dead";

export interface JobTable {
  jobID: Generated<number>;
  name: string;
  /** The application or add-on that defined the handler. */
  owner: string;
  /** JSON. */
  payload: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  /** ISO UTC: not before. */
  runAt: string;
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
  uniqueKey: string | null;
  dateInserted: string;
  dateUpdated: string;
  dateCompleted: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    jobs: JobTable;
  }
}
