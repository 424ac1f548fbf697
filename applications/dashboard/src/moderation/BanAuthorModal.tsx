import type { UserFragment } from "@forum/api/users";
import { useId, useState } from "react";
import { useApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";
import { useToast } from "@library/src/ui/Toast/useToast";
import { BAN_LENGTHS } from "../members/memberModals";
import { banAuthor } from "./moderationApi";

/** Ban a post's author from the queue: the members section's lengths, a reason, then PUT /users/{id}/ban. */
export function BanAuthorModal({ author, onClose }: { author: UserFragment; onClose: () => void }) {
  const toast = useToast();
  const lengthID = useId();
  const [reason, setReason] = useState("");
  const [days, setDays] = useState(7);
  const { pending, error, run } = useApiAction();
  const ban = () =>
    void run(async () => {
      await banAuthor(author.userID, days, reason);
      toast.addToast({ type: "success", message: formatText(t("{name} is banned."), { name: author.name }) });
      onClose();
    });
  return (
    <Modal
      isVisible
      onClose={onClose}
      title={formatText(t("Ban {name}"), { name: author.name })}
      size="small"
    >
      <form
        className="moderationQueue-banForm"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          ban();
        }}
      >
        {error && (
          <p className="moderationQueue-error" role="alert">
            {error.description ?? error.message}
          </p>
        )}
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
        <p className="formGroup-description">{t("Banning signs the member out everywhere.")}</p>
        <div className="moderationQueue-modalActions">
          <Button onClick={onClose} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={pending}>
            {t("Ban")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
