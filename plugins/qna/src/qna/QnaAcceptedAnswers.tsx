import "../../api/qnaWidgets";
import { useEffect, useId, useState } from "react";
import type { Question } from "../../api/qnaApi";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./qna.css";

const STATUS_LABELS = {
  unanswered: "Unanswered",
  answered: "Answered",
  accepted: "Accepted",
} as const;

/** Under a question: its status and each accepted answer (author, excerpt, link to the answer). */
export function QnaAcceptedAnswers({
  discussionID,
  status: initialStatus,
  acceptedAnswers: initialAnswers,
}: RenderedWidgetProps<"QnaAcceptedAnswers">) {
  const [question, setQuestion] = useState<Pick<Question, "status" | "acceptedAnswers">>({
    status: initialStatus,
    acceptedAnswers: initialAnswers,
  });
  const headingID = useId();
  useEffect(() => {
    const changed = (event: Event) => {
      const next = (event as CustomEvent<Question>).detail;
      if (next.discussionID === discussionID) setQuestion(next);
    };
    window.addEventListener("qna:changed", changed);
    return () => window.removeEventListener("qna:changed", changed);
  }, [discussionID]);
  const { status, acceptedAnswers } = question;
  return (
    <section className="qnaAnswers" aria-labelledby={headingID}>
      <p className="qnaAnswers-status">
        <span className={`qnaStatus qnaStatus--${status}`}>{t(STATUS_LABELS[status])}</span>
      </p>
      {acceptedAnswers.length > 0 && (
        <>
          <h2 id={headingID} className="qnaAnswers-title">
            {acceptedAnswers.length === 1 ? t("Accepted Answer") : t("Accepted Answers")}
          </h2>
          <ul className="qnaAnswers-list">
            {acceptedAnswers.map((answer) => (
              <li key={answer.commentID} className="qnaAnswers-item">
                <p className="qnaAnswers-excerpt">{answer.excerpt}</p>
                <p className="qnaAnswers-meta">
                  <span>
                    {t("Answered by")} <strong>{answer.authorName}</strong>
                  </span>{" "}
                  <a href={answer.url}>{t("View in context")}</a>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {acceptedAnswers.length === 0 && (
        <h2 id={headingID} className="sr-only">
          {t("Question status")}
        </h2>
      )}
    </section>
  );
}
