import type { InvitationPostResult } from "@forum/api/invitations";
import { useId, useState, type FormEvent } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { FormGroup } from "@library/src/ui/forms/FormGroup";

/** `a@x.org, b@y.org\nc@z.org` → the three addresses. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** What a sending did, in words: how many went out, which addresses were skipped and why. */
export function describeSent(result: InvitationPostResult): string {
  const sent = result.invitations.length;
  const parts = [
    sent === 1 ? t("Sent 1 invitation.") : formatText(t("Sent {count} invitations."), { count: sent }),
  ];
  const members = result.skipped.filter((skip) => skip.reason === "member").map((skip) => skip.email);
  const invited = result.skipped.filter((skip) => skip.reason === "invited").map((skip) => skip.email);
  if (members.length > 0)
    parts.push(formatText(t("Already members: {emails}."), { emails: members.join(", ") }));
  if (invited.length > 0)
    parts.push(formatText(t("Already invited: {emails}."), { emails: invited.join(", ") }));
  return parts.join(" ");
}

/** Invite people by email: one address or many (one a line, or separated by commas), with a note. */
export function InviteForm({ onSent }: { onSent: (result: InvitationPostResult) => void }) {
  const emailsID = useId();
  const messageID = useId();
  const [emails, setEmails] = useState("");
  const [message, setMessage] = useState("");
  const { pending, error, setError, run } = useApiAction();
  const addresses = splitEmails(emails);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (addresses.length === 0) {
      setError({ message: t("Enter at least one email address."), status: 422, errors: {} });
      return;
    }
    void run(async () => {
      const body = { emails: addresses, ...(message.trim() ? { message: message.trim() } : {}) };
      const result = (await apiv2.post<InvitationPostResult>("invitations", body)).data;
      setEmails("");
      setMessage("");
      onSent(result);
    });
  };

  // 422 items are keyed `emails.<index>`: their messages name the address.
  const fieldMessages = Object.entries(error?.errors ?? {}).flatMap(([, items]) =>
    (items ?? []).map((item) => item.message),
  );
  const problems = error ? (fieldMessages.length > 0 ? fieldMessages : [error.message]) : [];
  return (
    <form className="inviteForm" noValidate onSubmit={submit} aria-label={t("Invite people")}>
      <FormGroup
        label={t("Email addresses")}
        inputID={emailsID}
        description={t("One address a line, or separated by commas.")}
      >
        <textarea
          id={emailsID}
          className="input inviteForm-emails"
          rows={3}
          value={emails}
          aria-invalid={problems.length > 0 || undefined}
          onChange={(event) => setEmails(event.target.value)}
        />
      </FormGroup>
      <FormGroup label={t("Message (optional)")} inputID={messageID}>
        <textarea
          id={messageID}
          className="input"
          rows={2}
          maxLength={1000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormGroup>
      {problems.length > 0 && (
        <ul className="siteSettings-errors" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <Button type="submit" variant="primary" pending={pending}>
        {addresses.length > 1
          ? formatText(t("Send {count} invitations"), { count: addresses.length })
          : t("Send invitation")}
      </Button>
    </form>
  );
}
