import { useId, useState } from "react";
import { CONVERSATION_NAME_MAX_LENGTH } from "../../api/conversationLimits";
import type { Rich2Document } from "@forum/api/rich2";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { InputField } from "@library/src/ui/forms/InputField";
import { postConversation } from "./conversationsApi";
import { LazyComposer } from "./LazyComposer";
import { RecipientPicker, type Recipient } from "./RecipientPicker";
import "./conversations.css";

export interface NewConversationFormProps {
  /** Prefilled from `/messages/add/{name}`. */
  recipients?: Recipient[];
  subject?: string;
  /** Prefilled from `/messages/add?content={text}`. */
  body?: string;
}

function textToDocument(text: string): Rich2Document | undefined {
  if (text.trim() === "") return undefined;
  return text.split("\n").map((line): Rich2Document[number] => ({ type: "p", children: [{ text: line }] }));
}

/** `/messages/add`: recipients, subject and message; POST /conversations, then open the new conversation. */
export function NewConversationForm({ recipients = [], subject = "", body = "" }: NewConversationFormProps) {
  const subjectID = useId();
  const [chosen, setChosen] = useState<Recipient[]>(recipients);
  const [name, setName] = useState(subject);
  const [initialValue] = useState(() => textToDocument(body));
  const [error, setError] = useState<ApiError | null>(null);

  const onSubmit = async (doc: Rich2Document) => {
    if (chosen.length === 0) {
      setError({
        message: t("Please fix the errors below."),
        status: 0,
        errors: {
          participantUserIDs: [
            { field: "participantUserIDs", code: "missingField", message: t("Add at least one recipient.") },
          ],
        },
      });
      return;
    }
    setError(null);
    try {
      const conversation = await postConversation({
        participantUserIDs: chosen.map((recipient) => recipient.userID),
        ...(name.trim() ? { name: name.trim() } : {}),
        initialBody: JSON.stringify(doc),
        initialFormat: "rich2",
      });
      fullPageNavigate(siteUrl(conversation.url));
    } catch (thrown) {
      setError(toApiError(thrown));
    }
  };

  const fieldErrors = (field: string) => error?.errors[field];
  const bodyErrors = [...(fieldErrors("initialBody") ?? []), ...(fieldErrors("initialFormat") ?? [])];
  const known = ["participantUserIDs", "name", "initialBody", "initialFormat"];
  const generalError = error && !known.some((field) => (fieldErrors(field)?.length ?? 0) > 0) ? error : null;

  return (
    <div className="newConversationForm">
      <RecipientPicker value={chosen} onChange={setChosen} errors={fieldErrors("participantUserIDs")} />
      <InputField
        id={subjectID}
        label={t("Subject")}
        maxLength={CONVERSATION_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
        errors={fieldErrors("name")}
      />
      <LazyComposer
        label={t("Message")}
        submitLabel={t("Send Message")}
        initialValue={initialValue}
        onSubmit={onSubmit}
        error={generalError}
        clearOnSubmit={false}
      />
      {bodyErrors.length > 0 && (
        <ul className="formGroup-errors" role="alert">
          {bodyErrors.map((item, index) => (
            <li key={index}>{item.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
