import { useId, useState } from "react";
import { apiv2 } from "../api/apiClient";
import { useApiAction } from "../api/useApiAction";
import { formatText, t } from "../i18n/translate";
import { FormGroup } from "../ui/forms/FormGroup";
import { InputField } from "../ui/forms/InputField";
import { useToast } from "../ui/Toast/useToast";
import { MemberActionModal } from "./MemberActionModal";

/** The lengths a moderator picks a ban's from (0: until unbanned). */
export const BAN_LENGTHS = [
  { days: 1, label: "1 day" },
  { days: 7, label: "1 week" },
  { days: 30, label: "30 days" },
  { days: 0, label: "Until unbanned" },
] as const;

export interface BanMemberModalProps {
  userID: number;
  name: string;
  /** The length chosen when the form opens. */
  defaultDays: number;
  /** After the ban was written (the toast is shown here). */
  onBanned?: () => void;
  onClose: () => void;
  /** Extra class of the modal (a profile card keeps itself open while its modal is in use). */
  className?: string;
}

/**
 * Ban a member: a reason (kept for the staff) and a length, then `PUT /users/{id}/ban`. The same form on a
 * profile, in the dashboard's members section and in the moderation queue.
 */
export function BanMemberModal({
  userID,
  name,
  defaultDays,
  onBanned,
  onClose,
  className,
}: BanMemberModalProps) {
  const toast = useToast();
  const lengthID = useId();
  const [reason, setReason] = useState("");
  const [days, setDays] = useState(defaultDays);
  const { pending, error, run } = useApiAction();
  const ban = () =>
    void run(async () => {
      await apiv2.put(`users/${userID}/ban`, {
        banned: true,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(days > 0 ? { days } : {}),
      });
      toast.addToast({ type: "success", message: formatText(t("{name} is banned."), { name }) });
      onBanned?.();
      onClose();
    });
  return (
    <MemberActionModal
      title={formatText(t("Ban {name}"), { name })}
      submitLabel={t("Ban")}
      description={t("Banning signs the member out everywhere.")}
      pending={pending}
      error={error}
      onSubmit={ban}
      onClose={onClose}
      {...(className ? { className } : {})}
    >
      <InputField
        label={t("Reason")}
        maxLength={500}
        value={reason}
        errors={error?.errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormGroup label={t("Length")} inputID={lengthID}>
        <select
          id={lengthID}
          className="input"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {BAN_LENGTHS.map((length) => (
            <option key={length.days} value={length.days}>
              {t(length.label)}
            </option>
          ))}
        </select>
      </FormGroup>
    </MemberActionModal>
  );
}
