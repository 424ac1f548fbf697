import type { FormEvent, ReactNode } from "react";
import type { ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";
import "./discussionOptions.css";

export interface OptionsModalProps {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  error: ApiError | null;
  /** The submit button's text (default 'Save'). */
  submitLabel?: string;
  submitDisabled?: boolean;
  children: ReactNode;
}

/** A menu item's dialog: its fields, the error of the last try, Cancel and the submit button. */
export function OptionsModal({
  title,
  onClose,
  onSubmit,
  pending,
  error,
  submitLabel,
  submitDisabled,
  children,
}: OptionsModalProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !submitDisabled) onSubmit();
  };
  return (
    <Modal isVisible onClose={onClose} title={title} size="medium" className="optionsModal">
      <form onSubmit={submit} noValidate>
        {children}
        {error && (
          <p className="optionsModal-error" role="alert">
            {error.description ?? error.message}
          </p>
        )}
        <div className="optionsModal-actions">
          <Button onClick={onClose} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={pending} disabled={submitDisabled}>
            {submitLabel ?? t("Save")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export interface RadioChoice<V extends string> {
  value: V;
  label: string;
}

/** A fieldset of radio buttons (arrow keys move between them, as browsers do for one name). */
export function RadioList<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: ReadonlyArray<RadioChoice<V>>;
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="optionsModal-radios">
      <legend className="optionsModal-legend">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="optionsModal-radio">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
