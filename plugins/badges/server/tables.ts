import type { Generated } from "kysely";

export interface BadgeTable {
  badgeID: Generated<number>;
  slug: string;
  name: string;
  description: string;
  icon: string;
  type: string;
  threshold: number | null;
  points: number;
  countRecipients: number;
  dateInserted: string;
}

/** A badge a member holds: once per badge and member (primary key). `insertUserID` null: earned by a rule. */
export interface UserBadgeTable {
  badgeID: number;
  userID: number;
  dateInserted: string;
  insertUserID: number | null;
  reason: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    badges: BadgeTable;
    userBadges: UserBadgeTable;
  }
}
