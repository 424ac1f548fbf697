export interface PollBallotTable {
  discussionID: number;
  userID: number;
  dateUpdated: string;
}

export interface PollChoiceTable {
  discussionID: number;
  userID: number;
  optionID: number;
}

export interface PollClosureTable {
  discussionID: number;
  closedByUserID: number;
  dateClosed: string;
}

declare module "@library/server/db/database" {
  interface Database {
    pollBallots: PollBallotTable;
    pollChoices: PollChoiceTable;
    pollClosures: PollClosureTable;
  }
}
