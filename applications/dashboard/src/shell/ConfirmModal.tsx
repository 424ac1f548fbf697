import type { ReactNode } from "react";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";

export interface ConfirmModalProps {
  isVisible: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small modal asking before a dashboard write that cannot be undone (delete a role, ban, delete a member…). */
export function ConfirmModal({
  isVisible,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  return (
    <Modal isVisible={isVisible} onClose={onCancel} title={title} size="small">
      <div className="dashboardConfirm-body">{children}</div>
      <div className="dashboardConfirm-actions">
        <Button onClick={onCancel} disabled={pending}>
          {t("Cancel")}
        </Button>
        <Button variant="primary" pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
