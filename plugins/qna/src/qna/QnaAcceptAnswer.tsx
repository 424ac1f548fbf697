import "../../api/qnaWidgets";
import { useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { acceptAnswer, unacceptAnswer } from "./qnaApi";
import "./qna.css";

/**
 * Beside an answer: 'Accept Answer' for the asker and moderators (pressed again, it un-accepts), and an
 * 'Accepted Answer' badge for everyone once accepted. The page reloads so the question's answers show it.
 */
export function QnaAcceptAnswer({
  commentID,
  accepted: initial,
  askerUserID,
  canModerate,
}: RenderedWidgetProps<"QnaAcceptAnswer">) {
  const [accepted, setAccepted] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const userID = getBootstrap().currentUser.userID;
  const canAccept = userID > 0 && (userID === askerUserID || canModerate);
  if (!canAccept) return accepted ? <span className="qnaAccepted">{t("Accepted Answer")}</span> : null;
  const toggle = async () => {
    setPending(true);
    setError(null);
    try {
      const question = await (accepted ? unacceptAnswer(commentID) : acceptAnswer(commentID));
      setAccepted(question.acceptedAnswers.some((answer) => answer.commentID === commentID));
      window.dispatchEvent(new CustomEvent("qna:changed", { detail: question }));
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="qnaAccept">
      <Button
        variant="text"
        compact
        pending={pending}
        aria-pressed={accepted}
        className={accepted ? "qnaAccept-button is-accepted" : "qnaAccept-button"}
        onClick={() => void toggle()}
      >
        {accepted ? t("Accepted Answer") : t("Accept Answer")}
      </Button>
      {error && (
        <span role="alert" className="qnaAccept-error">
          {error}
        </span>
      )}
    </span>
  );
}
