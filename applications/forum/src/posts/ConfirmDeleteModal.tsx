import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";

export interface ConfirmDeleteModalProps {
  isVisible: boolean;
  title: string;
  question: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small modal asking before a delete; the Delete button shows a loader while the request runs. */
export function ConfirmDeleteModal({
  isVisible,
  title,
  question,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDeleteModalProps) {
  return (
    <Modal isVisible={isVisible} onClose={onCancel} title={title} size="small">
      <p className="postConfirm-question">{question}</p>
      <div className="postConfirm-actions">
        <Button onClick={onCancel} disabled={pending}>
          {t("Cancel")}
        </Button>
        <Button variant="primary" className="postConfirm-delete" pending={pending} onClick={onConfirm}>
          {t("Delete")}
        </Button>
      </div>
    </Modal>
  );
}
