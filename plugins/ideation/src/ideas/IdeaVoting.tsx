import "../../api/ideationWidgets";
import { useEffect, useId, useState } from "react";
import type { Idea } from "../../api/ideationApi";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { deleteIdeaVote, getIdea, putIdeaStatus, putIdeaVote } from "./ideasApi";
import "./ideaVoting.css";

/**
 * Under an idea: its score with Vote Up / Vote Down (pressed again, the vote is taken back), its status as a
 * colored badge with the notes, and for managers a status picker.
 */
export function IdeaVoting({ discussionID, idea: initial, statuses }: RenderedWidgetProps<"IdeaVoting">) {
  const [idea, setIdea] = useState<Idea>(initial);
  const [statusID, setStatusID] = useState(initial.status.statusID);
  const [notes, setNotes] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notesID = useId();
  const statusFieldID = useId();

  // The member's own view (their vote) replaces the page's shared one; a status a manager already picked in the
  // meantime stays picked (it used to be reset, leaving Set Status disabled under their choice).
  const shownStatusID = initial.status.statusID;
  useEffect(() => {
    getIdea(discussionID).then(
      (own) => {
        setIdea(own);
        setStatusID((picked) => (picked === shownStatusID ? own.status.statusID : picked));
      },
      () => undefined,
    );
  }, [discussionID, shownStatusID]);

  const run = async (action: () => Promise<Idea>) => {
    setPending(true);
    setError(null);
    try {
      const next = await action();
      setIdea(next);
      setStatusID(next.status.statusID);
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setPending(false);
    }
  };
  const vote = (value: 1 | -1) =>
    void run(() => (idea.myVote === value ? deleteIdeaVote(discussionID) : putIdeaVote(discussionID, value)));

  return (
    <section className="ideaVoting" aria-label={t("Idea votes")}>
      <div className="ideaVoting-votes">
        <Button
          variant="standard"
          compact
          aria-pressed={idea.myVote === 1}
          disabled={!idea.canVote || pending}
          className={idea.myVote === 1 ? "ideaVoting-up is-chosen" : "ideaVoting-up"}
          onClick={() => vote(1)}
        >
          ▲ {t("Vote Up")}
        </Button>
        <span className="ideaVoting-score" aria-label={t("Score")} role="status">
          {idea.score}
        </span>
        <Button
          variant="standard"
          compact
          aria-pressed={idea.myVote === -1}
          disabled={!idea.canVote || pending}
          className={idea.myVote === -1 ? "ideaVoting-down is-chosen" : "ideaVoting-down"}
          onClick={() => vote(-1)}
        >
          ▼ {t("Vote Down")}
        </Button>
        <span className="ideaVoting-counts">
          {idea.countUp} {t("up")} · {idea.countDown} {t("down")}
        </span>
      </div>
      <p className="ideaVoting-status">
        <span className="ideaStatus" style={{ backgroundColor: idea.status.color }}>
          {t(idea.status.name)}
        </span>
        {idea.statusNotes && <span className="ideaVoting-notes">{idea.statusNotes}</span>}
      </p>
      {idea.canSetStatus && (
        <form
          className="ideaVoting-manage"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => putIdeaStatus(discussionID, statusID, notes));
          }}
        >
          <label htmlFor={statusFieldID}>{t("Status")}</label>
          <select
            id={statusFieldID}
            className="input"
            value={statusID}
            onChange={(event) => setStatusID(Number(event.target.value))}
          >
            {statuses.map((status) => (
              <option key={status.statusID} value={status.statusID}>
                {t(status.name)}
              </option>
            ))}
          </select>
          <label htmlFor={notesID}>{t("Notes")}</label>
          <input
            id={notesID}
            className="input"
            value={notes}
            maxLength={500}
            onChange={(event) => setNotes(event.target.value)}
          />
          <Button type="submit" pending={pending} disabled={statusID === idea.status.statusID}>
            {t("Set Status")}
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="ideaVoting-error">
          {error}
        </p>
      )}
    </section>
  );
}
