import type { AcceptedAnswer } from "./qnaApi";

/** The Q&A add-on's widgets in the forum's page slots (types only). */
declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** Under a question: its status and the accepted answers. */
    QnaAcceptedAnswers: {
      discussionID: number;
      status: "unanswered" | "answered" | "accepted";
      acceptedAnswers: AcceptedAnswer[];
    };
    /** Beside an answer's actions: Accept / Accepted for the asker and moderators. */
    QnaAcceptAnswer: {
      commentID: number;
      accepted: boolean;
      /** The asker, who may accept (the client shows them the button; the server checks). */
      askerUserID: number;
      /** The viewer's roles let them accept any answer. */
      canModerate: boolean;
    };
    /** Above a discussion list: the questions by status (links to `?type=question&statusID=…`). */
    QnaStatusFilter: {
      /** The list's address without query. */
      listUrl: string;
      /** The status shown now; null when the list is not filtered to questions of one status. */
      current: "unanswered" | "answered" | "accepted" | null;
    };
  }
}

export {};
