/**
 * Tables of reactions (API.md 9): the types, one reaction per user per record, and the stored count of each type
 * on each record. Merged into library's `Database` like the forum's other tables.
 */
export interface ReactionTypeTable {
  tagID: number;
  urlcode: string;
  name: string;
  description: string;
  /** `Positive`, `Negative`, `Flag`. */
  class: string | null;
  /** Reputation points for the receiver. */
  points: number;
  /** Score delta of the type. */
  reactionValue: number;
  photoUrl: string | null;
  sort: number | null;
  active: number;
  custom: number;
  hidden: number;
}

export interface ReactionTable {
  recordType: string;
  recordID: number;
  userID: number;
  tagID: number;
  dateInserted: string;
}

export interface ReactionCountTable {
  recordType: string;
  recordID: number;
  tagID: number;
  count: number;
}

declare module "@library/server/db/database" {
  interface Database {
    reactionTypes: ReactionTypeTable;
    reactions: ReactionTable;
    reactionCounts: ReactionCountTable;
  }
}
