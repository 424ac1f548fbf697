import type { ReactNode } from "react";
import type { ApiError } from "../api/apiError";
import { t } from "../i18n/translate";
import { Button } from "../ui/Button/Button";
import { Modal } from "../ui/Modal/Modal";
import "./MemberActionModal.css";

export interface MemberActionModalProps {
  title: string;
  /** The submit button's label (Ban, Mute Posts, Warn). */
  submitLabel: string;
  /** What the action does, under the fields. */
  description: string;
  pending: boolean;
  /** The server's (or the form's) refusal; shown above the fields unless it names a field, shown there. */
  error: ApiError | null;
  onSubmit: () => void;
  onClose: () => void;
  /** Extra class of the modal (a profile card keeps itself open while its modal is in use). */
  className?: string;
  children: ReactNode;
}

/** A small modal form a moderator acts on a member with: fields, what it does, Cancel and the action. */
export function MemberActionModal({
  title,
  submitLabel,
  description,
  pending,
  error,
  onSubmit,
  onClose,
  className,
  children,
}: MemberActionModalProps) {
  return (
    <Modal isVisible onClose={onClose} title={title} size="small" {...(className ? { className } : {})}>
      <form
        className="memberActionForm"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {error && Object.keys(error.errors).length === 0 && (
          <p className="memberActionForm-error" role="alert">
            {error.description ?? error.message}
          </p>
        )}
        {children}
        <p className="formGroup-description">{description}</p>
        <div className="memberActionForm-actions">
          <Button onClick={onClose} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
