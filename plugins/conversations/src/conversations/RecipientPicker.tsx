import { useEffect, useId, useState } from "react";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { fetchMentionSuggestions, type MentionSuggestion } from "@library/src/editor/mentions/mentionsApi";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { FormGroup, fieldAriaProps, type FieldErrors } from "@library/src/ui/forms/FormGroup";

export interface Recipient {
  userID: number;
  name: string;
}

export const RECIPIENT_LOOKUP_DELAY_MS = 150;

export interface RecipientPickerProps {
  value: Recipient[];
  onChange: (recipients: Recipient[]) => void;
  errors?: FieldErrors;
  /** The field's label (default 'Recipients'). */
  label?: string;
}

/**
 * Recipients as removable chips, and a name box that looks up members by prefix
 * (`GET /users/by-names?name=prefix*&order=mention&limit=50`) and offers them as options.
 */
export function RecipientPicker({ value, onChange, errors, label }: RecipientPickerProps) {
  const inputID = useId();
  const listID = useId();
  const me = useAppSelector(selectCurrentUser);
  const [query, setQuery] = useState("");
  const [suggestions, setSuggestions] = useState<MentionSuggestion[]>([]);

  useEffect(() => {
    const prefix = query.trim();
    if (prefix === "") {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchMentionSuggestions(prefix, controller.signal)
        .then(setSuggestions)
        .catch(() => setSuggestions([]));
    }, RECIPIENT_LOOKUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const chosen = new Set(value.map((recipient) => recipient.userID));
  const options = suggestions.filter((user) => !chosen.has(user.userID) && user.userID !== me.userID);

  const add = (user: MentionSuggestion) => {
    onChange([...value, { userID: user.userID, name: user.name }]);
    setQuery("");
    setSuggestions([]);
  };

  return (
    <FormGroup
      label={label ?? t("Recipients")}
      inputID={inputID}
      required
      errors={errors}
      className="recipientPicker"
    >
      {value.length > 0 && (
        <ul className="recipientPicker-chips" aria-label={t("Recipients")}>
          {value.map((recipient) => (
            <li key={recipient.userID} className="recipientPicker-chip">
              {recipient.name}
              <button
                type="button"
                className="recipientPicker-remove"
                aria-label={`${t("Remove")} ${recipient.name}`}
                onClick={() => onChange(value.filter((other) => other.userID !== recipient.userID))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputID}
        className="input"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listID}
        aria-autocomplete="list"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          const first = options[0];
          if (event.key === "Enter" && first) {
            event.preventDefault();
            add(first);
          }
        }}
        {...fieldAriaProps(inputID, errors)}
      />
      <ul id={listID} role="listbox" className="recipientPicker-options" aria-label={t("Suggestions")}>
        {options.map((user) => (
          <li
            key={user.userID}
            role="option"
            aria-selected={false}
            className="recipientPicker-option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => add(user)}
          >
            {user.photoUrl && <img src={user.photoUrl} alt="" width={20} height={20} />} {user.name}
          </li>
        ))}
      </ul>
    </FormGroup>
  );
}
