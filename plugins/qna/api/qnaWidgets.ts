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
  }
}

export {};
