import type { Generated } from "kysely";

/** Tables of groups. Dates are ISO-8601 UTC text, like the core tables. */
export interface GroupTable {
  groupID: Generated<number>;
  name: string;
  description: string;
  /** `public` (anyone joins), `private` (visible, a leader approves requests), `secret` (members only). */
  privacy: string;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
  countMembers: number;
  countDiscussions: number;
}

export interface GroupMemberTable {
  groupID: number;
  userID: number;
  /** `leader` or `member`. */
  role: string;
  dateInserted: string;
}

/** A request to join a private group, waiting for a leader. */
export interface GroupRequestTable {
  groupID: number;
  userID: number;
  dateInserted: string;
}

/** An invitation of a member (`userID`) or of an address (`email`, with the join link's `token`). */
export interface GroupInvitationTable {
  invitationID: Generated<number>;
  groupID: number;
  userID: number | null;
  email: string | null;
  token: string;
  insertUserID: number;
  dateInserted: string;
}

/** The group a discussion was posted in. */
export interface GroupDiscussionTable {
  discussionID: number;
  groupID: number;
}

declare module "@library/server/db/database" {
  interface Database {
    groups: GroupTable;
    groupMembers: GroupMemberTable;
    groupRequests: GroupRequestTable;
    groupInvitations: GroupInvitationTable;
    groupDiscussions: GroupDiscussionTable;
  }
}
