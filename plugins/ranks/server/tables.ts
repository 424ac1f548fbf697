import type { Generated } from "kysely";

export interface RankTable {
  rankID: Generated<number>;
  name: string;
  userTitle: string;
  label: string;
  labelHtml: string;
  level: number;
  manual: number;
  minPosts: number | null;
  minPoints: number | null;
  minDaysSinceJoin: number | null;
  roleID: number | null;
  allowLinks: number;
  dateInserted: string;
  dateUpdated: string | null;
}

/** The rank a member holds; `manual` when a moderator gave it (it then stays until changed by hand). */
export interface UserRankTable {
  userID: number;
  rankID: number;
  manual: number;
  dateUpdated: string;
}

declare module "@library/server/db/database" {
  interface Database {
    ranks: RankTable;
    userRanks: UserRankTable;
  }
}
