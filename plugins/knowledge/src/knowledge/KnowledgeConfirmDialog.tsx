import { useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";

export interface KnowledgeConfirmDialogProps {
  isVisible: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The write; the dialog shows its error and stays open when it fails. */
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * A confirmation before a deletion (the spec's modal: focus inside, Escape or Cancel closes, focus goes back to
 * what opened it). Cancel comes first, so Enter on the first focused button never deletes.
 */
export function KnowledgeConfirmDialog({
  isVisible,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: KnowledgeConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onCancel();
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal isVisible={isVisible} onClose={close} title={title} size="small">
      <p className="kbConfirm-message">{message}</p>
      {error && (
        <p className="formGroup-errors" role="alert">
          {error}
        </p>
      )}
      <div className="kbConfirm-actions">
        <Button onClick={close} disabled={pending}>
          {t("Cancel")}
        </Button>
        <Button variant="primary" pending={pending} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
