import { useId, useState, type FormEvent } from "react";
import type { Tag } from "@forum/api/tags";
import type { ApiAction } from "@library/src/api/useApiAction";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";

export function ErrorLine({ action }: { action: ApiAction }) {
  return action.error ? (
    <p className="tagAdmin-error" role="alert">
      {action.error.description ?? action.error.message}
    </p>
  ) : null;
}

/** 'Rename tag': the new name; its address (slug) follows. */
export function RenameTagModal({
  tag,
  action,
  onSave,
  onCancel,
}: {
  tag: Tag;
  action: ApiAction;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(tag.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !action.pending) onSave(name.trim());
  };
  return (
    <Modal isVisible onClose={onCancel} title={t("Rename Tag")} size="small">
      <form onSubmit={submit} noValidate>
        <InputField
          label={t("Name")}
          value={name}
          maxLength={100}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <ErrorLine action={action} />
        <div className="dashboardConfirm-actions">
          <Button onClick={onCancel} disabled={action.pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={action.pending} disabled={!name.trim()}>
            {t("Save")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** 'Merge Tags': which of the selected tags stays; the others' discussions move to it and they are deleted. */
export function MergeTagsModal({
  tags,
  action,
  onMerge,
  onCancel,
}: {
  tags: Tag[];
  action: ApiAction;
  onMerge: (target: Tag, sources: Tag[]) => void;
  onCancel: () => void;
}) {
  const name = useId();
  const [targetID, setTargetID] = useState(
    [...tags].sort((a, b) => b.countDiscussions - a.countDiscussions)[0]?.tagID ?? 0,
  );
  const target = tags.find((tag) => tag.tagID === targetID);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target && !action.pending)
      onMerge(
        target,
        tags.filter((tag) => tag.tagID !== target.tagID),
      );
  };
  return (
    <Modal isVisible onClose={onCancel} title={t("Merge Tags")} size="small">
      <form onSubmit={submit} noValidate>
        <fieldset className="tagAdmin-merge">
          <legend>{t("Keep this tag; the others are merged into it and deleted:")}</legend>
          {tags.map((tag) => (
            <label key={tag.tagID} className="tagAdmin-mergeChoice">
              <input
                type="radio"
                name={name}
                checked={tag.tagID === targetID}
                onChange={() => setTargetID(tag.tagID)}
              />
              <span>
                {formatText(t("{tag} ({count} discussions)"), { tag: tag.name, count: tag.countDiscussions })}
              </span>
            </label>
          ))}
        </fieldset>
        <ErrorLine action={action} />
        <div className="dashboardConfirm-actions">
          <Button onClick={onCancel} disabled={action.pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={action.pending} disabled={!target}>
            {t("Merge")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
