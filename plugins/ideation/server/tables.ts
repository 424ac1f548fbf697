import type { Generated } from "kysely";

export interface IdeaVoteTable {
  discussionID: number;
  userID: number;
  /** 1 or -1. */
  value: number;
  dateUpdated: string;
}

export interface IdeaStatusTable {
  statusID: number;
  name: string;
  color: string;
  state: string;
  builtIn: number;
}

export interface IdeaStatusChangeTable {
  changeID: Generated<number>;
  discussionID: number;
  statusID: number;
  statusNotes: string;
  insertUserID: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    ideaVotes: IdeaVoteTable;
    ideaStatuses: IdeaStatusTable;
    ideaStatusChanges: IdeaStatusChangeTable;
  }
}
