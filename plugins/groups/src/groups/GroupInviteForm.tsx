import "../../api/groupsWidgets";
import { useId, useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { findUserByName, postInvitations } from "./groupsClientApi";
import {
  draftBody,
  EMPTY_DRAFT,
  invitationResults,
  parseEmails,
  type InvitationDraft,
} from "./invitationDraft";

/** Each field's messages, or the error's own message when it names no field. */
function errorMessages(error: ApiError): string[] {
  const messages = Object.values(error.errors).flatMap((items) => items.map((item) => item.message));
  return messages.length > 0 ? messages : [error.message];
}

/**
 * A leader's invitation form (SPEC 3's invitation draft): members added by name, addresses typed in one field,
 * one call for all, then each invitee's result. Success clears the addresses and the invitees.
 */
export function GroupInviteForm({ groupID }: RenderedWidgetProps<"GroupInviteForm">) {
  const nameID = useId();
  const emailsID = useId();
  const [draft, setDraft] = useState<InvitationDraft>(EMPTY_DRAFT);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const addMember = async () => {
    const wanted = name.trim();
    if (!wanted) return;
    setNameError(null);
    try {
      const user = await findUserByName(wanted);
      if (!user) {
        setNameError(t("No member has this name."));
        return;
      }
      setDraft((current) =>
        current.invitees.some((invitee) => invitee.userID === user.userID)
          ? current
          : { ...current, invitees: [...current.invitees, { userID: user.userID, name: user.name }] },
      );
      setName("");
    } catch (thrown) {
      setNameError(toApiError(thrown).message);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = draftBody(draft);
    if (body.userIDs.length === 0 && body.emails.length === 0) {
      setError({ message: t("Add a member or an email address."), status: 0, errors: {} });
      return;
    }
    setError(null);
    setPending(true);
    try {
      const created = await postInvitations(groupID, body);
      setDraft({ ...EMPTY_DRAFT, results: invitationResults(draft, created) });
    } catch (thrown) {
      setError(toApiError(thrown));
    } finally {
      setPending(false);
    }
  };

  const emailCount = parseEmails(draft.emailsString).length;
  return (
    <form className="groupInviteForm" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2>{t("Invite Members")}</h2>
      <div className="formGroup">
        <label className="formGroup-label" htmlFor={nameID}>
          {t("Member name")}
        </label>
        <div className="groupInviteForm-row">
          <input
            className="inputText"
            id={nameID}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                void addMember();
              }
            }}
          />
          <Button onClick={() => void addMember()}>{t("Add")}</Button>
        </div>
        {nameError && (
          <p className="formGroup-errors" role="alert">
            {nameError}
          </p>
        )}
      </div>
      {draft.invitees.length > 0 && (
        <ul className="groupInviteForm-invitees" aria-label={t("Invitees")}>
          {draft.invitees.map((invitee) => (
            <li key={invitee.userID}>
              {invitee.name}
              <button
                type="button"
                className="groupInviteForm-remove"
                aria-label={t("Remove {name}").replace("{name}", invitee.name)}
                onClick={() =>
                  setDraft((current) => ({
                    ...current,
                    invitees: current.invitees.filter((item) => item.userID !== invitee.userID),
                  }))
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="formGroup">
        <label className="formGroup-label" htmlFor={emailsID}>
          {t("Email addresses")}
        </label>
        <textarea
          className="inputText inputTextArea"
          id={emailsID}
          rows={2}
          value={draft.emailsString}
          placeholder={t("Separate addresses with commas")}
          onChange={(event) => setDraft({ ...draft, emailsString: event.target.value })}
        />
      </div>
      {error && (
        <ul className="formGroup-errors" role="alert">
          {errorMessages(error).map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <Button type="submit" variant="primary" pending={pending}>
        {draft.invitees.length + emailCount > 0
          ? t("Invite ({count})").replace("{count}", String(draft.invitees.length + emailCount))
          : t("Invite")}
      </Button>
      {draft.results && (
        <ul className="groupInviteForm-results" aria-label={t("Invitation results")}>
          {draft.results.map((result) => (
            <li key={result.label}>
              {result.label}: {result.invited ? t("Invited") : t("Already a member or invited")}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
