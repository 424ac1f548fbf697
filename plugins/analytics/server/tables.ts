import type { Generated } from "kysely";

export interface AnalyticsEventTable {
  eventID: Generated<number>;
  batchID: string;
  type: string;
  /** `YYYY-MM-DD` (UTC) of `dateInserted`: what the charts group by. */
  day: string;
  dateInserted: string;
  /** Null for guests and anonymized events. */
  userID: number | null;
  /** Null for anonymized events. */
  ipAddress: string | null;
  /** Who the visitor is for "unique visitors" (`u12`, or the address for guests); null when anonymized. */
  visitorKey: string | null;
  url: string;
  referrer: string;
  discussionID: number | null;
  categoryID: number | null;
  destinationUrl: string | null;
  searchTerms: string | null;
  countResults: number | null;
}

export interface AnalyticsBatchTable {
  batchID: string;
  countEvents: number;
  dateWritten: string;
}

export interface AnalyticsPrivacyTable {
  userID: number;
  /** "1" anonymize, "0" don't, "-1" the site default. */
  anonymizeData: string;
  dateUpdated: string;
}

declare module "@library/server/db/database" {
  interface Database {
    analyticsEvents: AnalyticsEventTable;
    analyticsBatches: AnalyticsBatchTable;
    analyticsPrivacy: AnalyticsPrivacyTable;
  }
}
