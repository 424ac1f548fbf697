import { useId, useState, type FormEvent } from "react";
import type { Role } from "@forum/api/roles";
import type { ApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";
import type { Rank } from "../../api/ranksApi";
import { draftOf, type RankDraft } from "./rankDraft";

/** The API fields the form shows errors beside. */
const FORM_FIELDS = [
  "name",
  "label",
  "labelHtml",
  "userTitle",
  "level",
  "criteria.posts",
  "criteria.points",
  "criteria.daysSinceJoin",
  "criteria.roleID",
];

interface RankFormModalProps {
  /** The rank edited, or null for a new one. */
  rank: Rank | null;
  /** The level a new rank starts at (one above the highest). */
  nextLevel: number;
  roles: readonly Role[];
  action: ApiAction;
  onSave: (draft: RankDraft) => void;
  onCancel: () => void;
}

/** 'Add Rank' / 'Edit Rank': names, level, and what earns it (posts, points, days, a role) or manual only. */
export function RankFormModal({ rank, nextLevel, roles, action, onSave, onCancel }: RankFormModalProps) {
  const [draft, setDraft] = useState<RankDraft>(() => draftOf(rank, nextLevel));
  const roleFieldID = useId();
  const errors = action.error?.errors ?? {};
  const set = <K extends keyof RankDraft>(key: K, value: RankDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action.pending) onSave(draft);
  };
  // An error on no field of the form (a refused permission, a lost connection) is said under it.
  const unmatched =
    action.error && Object.keys(errors).every((field) => !FORM_FIELDS.includes(field))
      ? (action.error.description ?? action.error.message)
      : null;

  return (
    <Modal isVisible onClose={onCancel} title={rank ? t("Edit Rank") : t("Add Rank")} size="medium">
      <form className="rankForm" onSubmit={submit} noValidate>
        <InputField
          label={t("Name")}
          required
          value={draft.name}
          maxLength={100}
          autoFocus
          errors={errors.name}
          onChange={(event) => set("name", event.target.value)}
        />
        <InputField
          label={t("Label")}
          description={t("Shown beside the member's name.")}
          required
          value={draft.label}
          maxLength={100}
          errors={[...(errors.label ?? []), ...(errors.labelHtml ?? [])]}
          onChange={(event) => set("label", event.target.value)}
        />
        <InputField
          label={t("Title")}
          description={t("The member's title while they hold the rank (optional).")}
          value={draft.userTitle}
          maxLength={100}
          errors={errors.userTitle}
          onChange={(event) => set("userTitle", event.target.value)}
        />
        <InputField
          label={t("Level")}
          description={t("Higher levels are better ranks; a member holds the highest they qualify for.")}
          required
          type="number"
          min={1}
          max={100}
          value={draft.level}
          errors={errors.level}
          onChange={(event) => set("level", event.target.value)}
        />
        <Checkbox
          label={t("Given by moderators only")}
          checked={draft.manual}
          onChange={(event) => set("manual", event.target.checked)}
        />
        {draft.manual ? null : (
          <fieldset className="rankForm-criteria">
            <legend>{t("Earned by members with at least")}</legend>
            <InputField
              label={t("Posts")}
              type="number"
              min={0}
              value={draft.posts}
              errors={errors["criteria.posts"]}
              onChange={(event) => set("posts", event.target.value)}
            />
            <InputField
              label={t("Points")}
              type="number"
              min={0}
              value={draft.points}
              errors={errors["criteria.points"]}
              onChange={(event) => set("points", event.target.value)}
            />
            <InputField
              label={t("Days since joining")}
              type="number"
              min={0}
              value={draft.daysSinceJoin}
              errors={errors["criteria.daysSinceJoin"]}
              onChange={(event) => set("daysSinceJoin", event.target.value)}
            />
            <FormGroup label={t("Role")} inputID={roleFieldID} errors={errors["criteria.roleID"]}>
              <select
                id={roleFieldID}
                className="input"
                value={draft.roleID}
                onChange={(event) => set("roleID", event.target.value)}
              >
                <option value="">{t("Any role")}</option>
                {roles.map((role) => (
                  <option key={role.roleID} value={String(role.roleID)}>
                    {role.name}
                  </option>
                ))}
              </select>
            </FormGroup>
          </fieldset>
        )}
        <Checkbox
          label={t("Holders may post links")}
          checked={draft.links}
          onChange={(event) => set("links", event.target.checked)}
        />
        {unmatched ? (
          <p className="rankAdmin-error" role="alert">
            {unmatched}
          </p>
        ) : null}
        <div className="dashboardConfirm-actions">
          <Button onClick={onCancel} disabled={action.pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={action.pending}>
            {t("Save")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
