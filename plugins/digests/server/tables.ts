/** A member's own digest frequency; no row: the site's default. */
export interface DigestMemberTable {
  userID: number;
  /** `daily`, `weekly` or `never`. */
  frequency: string;
  dateUpdated: string;
}

/** A digest period the scheduler has started (its member jobs queued), once per period. */
export interface DigestPeriodTable {
  /** `daily:2026-11-29T08:00:00.000Z`: the frequency and the moment the period ends. */
  periodKey: string;
  dateScheduled: string;
}

/** The claim of one member's digest of one period: written in the transaction that queues its mail. */
export interface DigestSendTable {
  userID: number;
  periodKey: string;
  mailID: number;
  dateSent: string;
}

declare module "@library/server/db/database" {
  interface Database {
    digestMembers: DigestMemberTable;
    digestPeriods: DigestPeriodTable;
    digestSends: DigestSendTable;
  }
}
