import { useState, type FormEvent } from "react";
import type { ApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";
import type { Badge } from "../../api/badgesApi";

interface AwardBadgeModalProps {
  badge: Badge;
  action: ApiAction;
  onAward: (memberName: string, reason: string) => void;
  onCancel: () => void;
}

/** 'Award Badge': the member (by name) and an optional reason shown with the badge. */
export function AwardBadgeModal({ badge, action, onAward, onCancel }: AwardBadgeModalProps) {
  const [name, setName] = useState("");
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !action.pending) onAward(name.trim(), reason.trim());
  };
  const errors = action.error?.errors ?? {};
  return (
    <Modal isVisible onClose={onCancel} title={t("Award Badge")} size="small">
      <form onSubmit={submit} noValidate>
        <p className="badgeAdmin-awarded">
          <span aria-hidden="true">{badge.icon}</span> {badge.name}
        </p>
        <InputField
          label={t("Member")}
          required
          value={name}
          maxLength={100}
          autoFocus
          autoComplete="off"
          errors={errors.userID}
          onChange={(event) => setName(event.target.value)}
        />
        <InputField
          label={t("Reason")}
          description={t("Optional; shown with the badge.")}
          value={reason}
          maxLength={200}
          errors={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {action.error && !errors.userID && !errors.reason ? (
          <p className="badgeAdmin-error" role="alert">
            {action.error.description ?? action.error.message}
          </p>
        ) : null}
        <div className="dashboardConfirm-actions">
          <Button onClick={onCancel} disabled={action.pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={action.pending} disabled={!name.trim()}>
            {formatText(t("Award {badge}"), { badge: badge.name })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
