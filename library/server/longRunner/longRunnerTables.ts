/** An unfinished long-runner job (API.md 28); `state` is JSON, `secret` signs its callback payloads. */
export interface LongRunnerJobTable {
  jobID: string;
  userID: number;
  action: string;
  state: string;
  secret: string;
  dateInserted: string;
  dateExpires: string;
}

declare module "@library/server/db/database" {
  interface Database {
    longRunnerJobs: LongRunnerJobTable;
  }
}
