// Plain values with no validator code, so the client can import them without shipping TypeBox.

/** `pending` → `running` → `done`; a throw makes a job `failed` (retried) and, past its attempts, `dead`. */
export const JOB_STATUS_NAMES = ["pending", "running", "done", "failed", "dead"] as const;
export type JobStatusName = (typeof JOB_STATUS_NAMES)[number];
