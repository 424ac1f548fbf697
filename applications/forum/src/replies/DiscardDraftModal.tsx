import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";
import "./replies.css";

/** SPEC 8: the 'Discard Draft' dialog's texts. */
export const DISCARD_DRAFT_REPLYING =
  "You have an unposted draft, replying to this comment will discard your draft.";
export const DISCARD_DRAFT_QUESTION = "Are you sure you want to discard it?";

export interface DiscardDraftModalProps {
  isVisible: boolean;
  /** Opening a reply to another comment (the first sentence says so); else cancelling this reply. */
  replyingElsewhere: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Discard Draft' (SPEC 2, 8): asks before an unposted reply is thrown away. Escape and Cancel keep it. */
export function DiscardDraftModal({
  isVisible,
  replyingElsewhere,
  pending = false,
  onConfirm,
  onCancel,
}: DiscardDraftModalProps) {
  return (
    <Modal isVisible={isVisible} onClose={onCancel} title={t("Discard Draft")} size="small">
      {replyingElsewhere && <p className="postConfirm-question">{t(DISCARD_DRAFT_REPLYING)}</p>}
      <p className="postConfirm-question">{t(DISCARD_DRAFT_QUESTION)}</p>
      <div className="postConfirm-actions">
        <Button onClick={onCancel} disabled={pending}>
          {t("Cancel")}
        </Button>
        <Button variant="primary" pending={pending} onClick={onConfirm}>
          {t("Discard")}
        </Button>
      </div>
    </Modal>
  );
}
