import { useState } from "react";
import { hasProfile } from "@forum/api/guest";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";
import { leaveConversation, postParticipants } from "./conversationsApi";
import { RecipientPicker, type Recipient } from "./RecipientPicker";
import "./conversations.css";

export interface ConversationParticipantsProps {
  conversationID: number;
  participants: { userID: number; name: string; url: string }[];
  /** conversations.add: the viewer may bring more people in. */
  canAdd: boolean;
}

/**
 * The conversation's people: who takes part, 'Add People' (a member picker, POST /conversations/{id}/participants)
 * and 'Leave Conversation' after a confirmation (DELETE /conversations/{id}/leave, then back to the inbox).
 */
export function ConversationParticipants({
  conversationID,
  participants,
  canAdd,
}: ConversationParticipantsProps) {
  const [people, setPeople] = useState(participants);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<Recipient[]>([]);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const add = async () => {
    const newcomers = chosen.filter(
      (recipient) => !people.some((person) => person.userID === recipient.userID),
    );
    if (newcomers.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      await postParticipants(
        conversationID,
        newcomers.map((recipient) => recipient.userID),
      );
      setPeople([
        ...people,
        ...newcomers.map((recipient) => ({
          ...recipient,
          url: `/profile/${encodeURIComponent(recipient.name)}`,
        })),
      ]);
      setChosen([]);
      setAdding(false);
    } catch (thrown) {
      setError(toApiError(thrown));
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    setBusy(true);
    setError(null);
    try {
      await leaveConversation(conversationID);
      fullPageNavigate("/messages");
    } catch (thrown) {
      setError(toApiError(thrown));
      setConfirmLeave(false);
      setBusy(false);
    }
  };

  return (
    <div className="conversationParticipants">
      <p className="conversationParticipants-line">
        <span className="conversationParticipants-label">{t("Participants")}:</span>{" "}
        {people.map((person, index) => (
          <span key={person.userID}>
            {index > 0 && ", "}
            {hasProfile(person) ? (
              <a href={person.url} dir="auto">
                {person.name}
              </a>
            ) : (
              <span>{t(person.name)}</span>
            )}
          </span>
        ))}
      </p>
      <div className="conversationParticipants-actions">
        {canAdd && !adding && (
          <Button variant="text" compact onClick={() => setAdding(true)}>
            {t("Add People")}
          </Button>
        )}
        <Button variant="text" compact onClick={() => setConfirmLeave(true)}>
          {t("Leave Conversation")}
        </Button>
      </div>
      {adding && (
        <div className="conversationParticipants-add">
          <RecipientPicker value={chosen} onChange={setChosen} label={t("Add People")} />
          <div className="conversationParticipants-addActions">
            <Button variant="standard" onClick={() => setAdding(false)} disabled={busy}>
              {t("Cancel")}
            </Button>
            <Button
              variant="primary"
              onClick={() => void add()}
              disabled={busy || chosen.length === 0}
              pending={busy}
            >
              {t("Add")}
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p className="conversationParticipants-error" role="alert">
          {error.message}
        </p>
      )}
      <Modal
        isVisible={confirmLeave}
        onClose={() => setConfirmLeave(false)}
        title={t("Leave Conversation")}
        size="small"
      >
        <p>{t("Are you sure you want to leave this conversation?")}</p>
        <div className="conversationParticipants-confirmActions">
          <Button variant="standard" onClick={() => setConfirmLeave(false)} disabled={busy}>
            {t("Cancel")}
          </Button>
          <Button variant="primary" onClick={() => void leave()} pending={busy} disabled={busy}>
            {t("Leave")}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
