export interface RateLimitCounterTable {
  /** `<action>:<user id or ip>`. */
  bucket: string;
  /** Unix seconds at which the window began. */
  windowStart: number;
  hits: number;
}

declare module "@library/server/db/database" {
  interface Database {
    rateLimitCounters: RateLimitCounterTable;
  }
}
