import { useId, useState } from "react";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";

export interface ScheduleDraftModalProps {
  isVisible: boolean;
  onCancel: () => void;
  /** Schedules at the ISO date; a rejection shows its message in the dialog. */
  onSchedule: (dateScheduled: string) => Promise<void>;
}

/** A local `datetime-local` value, `minutes` from now. */
function localInputValue(minutes: number): string {
  const date = new Date(Date.now() + minutes * 60_000);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

/** 'Schedule': the date and time (the viewer's own time zone) at which the server publishes the post. */
export function ScheduleDraftModal({ isVisible, onCancel, onSchedule }: ScheduleDraftModalProps) {
  const inputID = useId();
  const [value, setValue] = useState(() => localInputValue(60));
  const { pending, error, run } = useApiAction();
  const dateErrors = error?.errors.dateScheduled;
  const generalMessage = error && !dateErrors ? error.message : null;

  const submit = async () => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return;
    await run(() => onSchedule(date.toISOString()));
  };

  return (
    <Modal isVisible={isVisible} onClose={onCancel} title={t("Schedule")} size="small">
      <form
        className="scheduleDraft"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <InputField
          id={inputID}
          type="datetime-local"
          label={t("Publish on")}
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
          errors={dateErrors}
        />
        {generalMessage && (
          <p className="formGroup-errors" role="alert">
            {generalMessage}
          </p>
        )}
        <div className="postConfirm-actions">
          <Button onClick={onCancel} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={pending}>
            {t("Schedule")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
