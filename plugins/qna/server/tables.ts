export interface QnaAcceptedAnswerTable {
  commentID: number;
  discussionID: number;
  acceptedByUserID: number;
  dateAccepted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    qnaAcceptedAnswers: QnaAcceptedAnswerTable;
  }
}
