import { DELETED_USER_NAME } from "@forum/api/guest";
import type { Role } from "@forum/api/roles";
import type { User } from "@forum/api/users";
import { useEffect, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { useApiAction } from "@library/src/api/useApiAction";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";
import { useToast } from "@library/src/ui/Toast/useToast";
import { offeredRoles, rolesAfterChoice } from "./memberRoleChoices";

interface MemberModalProps {
  member: User;
  onClose: () => void;
  /** After a successful write: the list reloads. */
  onDone: () => void;
}

function ErrorList({ error }: { error: ApiError | null }) {
  if (!error || Object.keys(error.errors).length > 0) return null;
  return (
    <p className="siteSettings-errors" role="alert">
      {error.description ? `${error.message} ${error.description}` : error.message}
    </p>
  );
}

function ModalActions({
  pending,
  label,
  onCancel,
}: {
  pending: boolean;
  label: string;
  onCancel: () => void;
}) {
  return (
    <div className="dashboardConfirm-actions">
      <Button onClick={onCancel} disabled={pending}>
        {t("Cancel")}
      </Button>
      <Button type="submit" variant="primary" pending={pending}>
        {label}
      </Button>
    </div>
  );
}

/**
 * Edit a member: roles (those the administrator may assign, only ones that go together: memberRoleChoices.ts),
 * title, email, and a password reset mail.
 */
export function EditMemberModal({ member, onClose, onDone }: MemberModalProps) {
  const toast = useToast();
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [roleIDs, setRoleIDs] = useState<number[]>((member.roles ?? []).map((role) => role.roleID));
  const [title, setTitle] = useState(member.title ?? "");
  const [email, setEmail] = useState(member.email ?? "");
  const { pending, error, setError, run } = useApiAction();

  useEffect(() => {
    apiv2
      .get<Role[]>("roles", { params: { expand: "assignable", limit: 500 } })
      .then((response) => setRoles(response.data))
      .catch((caught: unknown) => setError(toApiError(caught)));
  }, []);

  const save = () =>
    run(async () => {
      const before = (member.roles ?? []).map((role) => role.roleID).sort();
      const rolesChanged = JSON.stringify([...roleIDs].sort()) !== JSON.stringify(before);
      await apiv2.patch(`users/${member.userID}`, {
        ...(rolesChanged ? { roleID: roleIDs } : {}),
        ...(title !== (member.title ?? "") ? { title: title === "" ? null : title } : {}),
        ...(email !== (member.email ?? "") ? { email } : {}),
      });
      toast.addToast({ type: "success", message: t("Your changes have been saved.") });
      onDone();
      onClose();
    });

  const sendReset = () =>
    run(async () => {
      await apiv2.patch(`users/${member.userID}`, { resetPassword: true });
      toast.addToast({
        type: "success",
        message: formatText(t("A password reset email was sent to {name}."), { name: member.name }),
      });
    });

  return (
    <Modal
      isVisible
      onClose={onClose}
      title={formatText(t("Edit {name}"), { name: member.name })}
      size="medium"
    >
      <form
        className="memberForm"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <ErrorList error={error} />
        <fieldset className="memberForm-roles">
          <legend className="formGroup-label">{t("Roles")}</legend>
          {error?.errors.roleID && <p className="formGroup-errors">{error.errors.roleID[0]?.message}</p>}
          {offeredRoles(roles ?? [], roleIDs).map((role) => (
            <Checkbox
              key={role.roleID}
              label={role.name}
              checked={roleIDs.includes(role.roleID)}
              disabled={role.assignable === false}
              onChange={(event) => {
                const { checked } = event.target;
                setRoleIDs((previous) => rolesAfterChoice(roles ?? [], previous, role.roleID, checked));
              }}
            />
          ))}
        </fieldset>
        <InputField
          label={t("Title")}
          maxLength={100}
          value={title}
          errors={error?.errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <InputField
          label={t("Email")}
          type="email"
          maxLength={100}
          value={email}
          errors={error?.errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormGroup
          label={t("Password")}
          inputID={`reset-${member.userID}`}
          description={t("The member's password stops working and they get a link to choose a new one.")}
        >
          <Button id={`reset-${member.userID}`} onClick={() => void sendReset()} disabled={pending}>
            {t("Send password reset email")}
          </Button>
        </FormGroup>
        <ModalActions pending={pending} label={t("Save")} onCancel={onClose} />
      </form>
    </Modal>
  );
}

const DELETE_METHODS = [
  { value: "keep", label: "Keep their posts (shown as '{name}')" },
  { value: "wipe", label: "Blank their posts" },
  { value: "delete", label: "Delete their posts" },
] as const;

/** The option's label; kept posts show the placeholder the server gives a deleted member's posts (SPEC 3). */
function deleteMethodLabel(option: (typeof DELETE_METHODS)[number]): string {
  return formatText(t(option.label), { name: t(DELETED_USER_NAME) });
}

/** Delete a member: what happens to their posts. */
export function DeleteMemberModal({ member, onClose, onDone }: MemberModalProps) {
  const toast = useToast();
  const [method, setMethod] = useState<(typeof DELETE_METHODS)[number]["value"]>("keep");
  const { pending, error, run } = useApiAction();

  const remove = () =>
    run(async () => {
      await apiv2.delete(`users/${member.userID}`, { data: { deleteMethod: method } });
      toast.addToast({
        type: "success",
        message: formatText(t("{name} was deleted."), { name: member.name }),
      });
      onDone();
      onClose();
    });

  return (
    <Modal
      isVisible
      onClose={onClose}
      title={formatText(t("Delete {name}"), { name: member.name })}
      size="small"
    >
      <form
        className="memberForm"
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        <ErrorList error={error} />
        <fieldset className="memberForm-roles">
          <legend className="formGroup-label">{t("Their posts")}</legend>
          {DELETE_METHODS.map((option) => (
            <label key={option.value} className="memberForm-radio">
              <input
                type="radio"
                name="deleteMethod"
                value={option.value}
                checked={method === option.value}
                onChange={() => setMethod(option.value)}
              />{" "}
              {deleteMethodLabel(option)}
            </label>
          ))}
        </fieldset>
        <p className="formGroup-description">{t("The account cannot be restored.")}</p>
        <ModalActions pending={pending} label={t("Delete")} onCancel={onClose} />
      </form>
    </Modal>
  );
}
