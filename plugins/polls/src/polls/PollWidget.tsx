import "../../api/pollWidgets";
import { useCallback, useEffect, useId, useState } from "react";
import type { Poll } from "../../api/pollsApi";
import { toApiError } from "@library/src/api/apiError";
import { fullDate } from "@library/src/formatting/relativeTime";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { deletePollVote, getPoll, patchPoll, putVote } from "./pollsApi";
import { PollResults } from "./PollResults";
import { usePollLive } from "./usePollLive";
import "./pollWidget.css";

function closingText(poll: Poll): string | null {
  if (poll.closed) return t("This poll is closed.");
  if (!poll.dateCloses) return null;
  return `${t("Closes")} ${fullDate(poll.dateCloses)}`;
}

/**
 * A poll under its discussion's original post: the ballot while the member may vote and has not (or is
 * changing their vote), else the results, live as others vote.
 */
export function PollWidget({ discussionID, poll: initial }: RenderedWidgetProps<"PollWidget">) {
  const [poll, setPoll] = useState<Poll>(initial);
  const [chosen, setChosen] = useState<number[]>([]);
  const [changing, setChanging] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingID = useId();

  const received = useCallback((next: Poll) => setPoll(next), []);
  usePollLive(discussionID, received);
  useEffect(() => {
    getPoll(discussionID).then(received, () => undefined);
  }, [discussionID, received]);

  const run = async (action: () => Promise<Poll>) => {
    setPending(true);
    setError(null);
    try {
      setPoll(await action());
      setChanging(false);
      setChosen([]);
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setPending(false);
    }
  };

  const voted = poll.myVote.length > 0;
  const balloting = poll.canVote && (!voted || changing);
  const toggle = (optionID: number, checked: boolean) =>
    setChosen((current) =>
      poll.multipleChoice
        ? checked
          ? [...current, optionID]
          : current.filter((id) => id !== optionID)
        : [optionID],
    );
  const closing = closingText(poll);

  return (
    <section className="pollWidget" aria-labelledby={headingID}>
      <h2 id={headingID} className="pollWidget-question">
        {poll.question}
      </h2>
      <p className="pollWidget-meta">
        <span>{poll.multipleChoice ? t("Choose one or more options") : t("Choose one option")}</span>
        {closing && <span>{closing}</span>}
        {poll.countVoters !== undefined && (
          <span>{poll.countVoters === 1 ? t("1 vote") : `${poll.countVoters} ${t("votes")}`}</span>
        )}
      </p>
      {balloting ? (
        <form
          className="pollWidget-ballot"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => putVote(discussionID, chosen));
          }}
        >
          <fieldset>
            <legend className="sr-only">{poll.question}</legend>
            {poll.options.map((option) => (
              <label key={option.optionID} className="pollWidget-choice">
                <input
                  type={poll.multipleChoice ? "checkbox" : "radio"}
                  name={`poll-${discussionID}`}
                  checked={chosen.includes(option.optionID)}
                  onChange={(event) => toggle(option.optionID, event.target.checked)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
          <div className="pollWidget-actions">
            <Button type="submit" variant="primary" pending={pending} disabled={chosen.length === 0}>
              {t("Vote")}
            </Button>
            {changing && (
              <Button variant="text" onClick={() => setChanging(false)}>
                {t("Cancel")}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <>
          {poll.resultsVisible ? (
            <PollResults poll={poll} />
          ) : (
            <p className="pollWidget-note">{t("Results are shown once you have voted.")}</p>
          )}
          <div className="pollWidget-actions">
            {poll.canVote && voted && (
              <>
                <Button
                  onClick={() => {
                    setChosen(poll.myVote);
                    setChanging(true);
                  }}
                >
                  {t("Change Vote")}
                </Button>
                <Button
                  variant="text"
                  pending={pending}
                  onClick={() => void run(() => deletePollVote(discussionID))}
                >
                  {t("Remove Vote")}
                </Button>
              </>
            )}
          </div>
        </>
      )}
      {poll.canClose && (
        <div className="pollWidget-actions">
          <Button
            variant="text"
            pending={pending}
            onClick={() => void run(() => patchPoll(discussionID, !poll.closed))}
          >
            {poll.closed ? t("Reopen Poll") : t("Close Poll")}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="pollWidget-error">
          {error}
        </p>
      )}
    </section>
  );
}
