import { useId, useState, type FormEvent } from "react";
import type { ApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";
import { BADGE_TYPES, type Badge } from "../../api/badgesApi";
import { badgeTypeLabel, draftOf, TYPES_WITH_THRESHOLD, type BadgeDraft } from "./badgeDraft";

/** The API fields the form shows errors beside; others are said under the form. */
const FORM_FIELDS = ["name", "slug", "description", "icon", "type", "threshold", "points"];

interface BadgeFormModalProps {
  badge: Badge | null;
  action: ApiAction;
  onSave: (draft: BadgeDraft) => void;
  onCancel: () => void;
}

/** 'Add Badge' / 'Edit Badge': its name, symbol, description, points, and the rule that awards it. */
export function BadgeFormModal({ badge, action, onSave, onCancel }: BadgeFormModalProps) {
  const [draft, setDraft] = useState<BadgeDraft>(() => draftOf(badge));
  const typeID = useId();
  const descriptionID = useId();
  const errors = action.error?.errors ?? {};
  const set = <K extends keyof BadgeDraft>(key: K, value: BadgeDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action.pending) onSave(draft);
  };
  const unmatched =
    action.error && Object.keys(errors).every((field) => !FORM_FIELDS.includes(field))
      ? (action.error.description ?? action.error.message)
      : null;
  const thresholdLabel =
    draft.type === "anniversary" ? t("Years") : draft.type === "reactions" ? t("Reactions") : t("Comments");

  return (
    <Modal isVisible onClose={onCancel} title={badge ? t("Edit Badge") : t("Add Badge")} size="medium">
      <form onSubmit={submit} noValidate>
        <InputField
          label={t("Name")}
          required
          value={draft.name}
          maxLength={100}
          autoFocus
          errors={[...(errors.name ?? []), ...(errors.slug ?? [])]}
          onChange={(event) => set("name", event.target.value)}
        />
        <InputField
          label={t("Symbol")}
          description={t("An emoji shown on the badge.")}
          value={draft.icon}
          maxLength={16}
          errors={errors.icon}
          onChange={(event) => set("icon", event.target.value)}
        />
        <FormGroup label={t("Description")} inputID={descriptionID} errors={errors.description}>
          <textarea
            id={descriptionID}
            className="input"
            rows={2}
            maxLength={500}
            value={draft.description}
            onChange={(event) => set("description", event.target.value)}
          />
        </FormGroup>
        <FormGroup label={t("Awarded for")} inputID={typeID} errors={errors.type}>
          <select
            id={typeID}
            className="input"
            value={draft.type}
            onChange={(event) => {
              const chosen = BADGE_TYPES.find((type) => type === event.target.value);
              if (chosen) set("type", chosen);
            }}
          >
            {BADGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {badgeTypeLabel(type)}
              </option>
            ))}
          </select>
        </FormGroup>
        {TYPES_WITH_THRESHOLD.includes(draft.type) ? (
          <InputField
            label={thresholdLabel}
            description={t("Members reaching this many earn the badge.")}
            required
            type="number"
            min={1}
            value={draft.threshold}
            errors={errors.threshold}
            onChange={(event) => set("threshold", event.target.value)}
          />
        ) : null}
        <InputField
          label={t("Points")}
          description={t("Points the badge gives each holder.")}
          type="number"
          min={0}
          max={10000}
          value={draft.points}
          errors={errors.points}
          onChange={(event) => set("points", event.target.value)}
        />
        {unmatched ? (
          <p className="badgeAdmin-error" role="alert">
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
