import { useState } from "react";
import type { Category } from "@forum/api/categories";
import { plural } from "@library/src/i18n/plural";
import { formatText, t } from "@library/src/i18n/translate";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";
import { CategorySelect, ModalButtons } from "./BulkActionModals";
import type { SelectedComment } from "./commentSelectionSlice";

interface CommentModalProps {
  selected: readonly SelectedComment[];
  onCancel: () => void;
}

function count(selected: readonly SelectedComment[]): string {
  return plural(t("{count, plural, one {# comment} other {# comments}}"), selected.length);
}

/** Split: the new discussion's title (required) and its category. */
export function CommentSplitModal({
  selected,
  onCancel,
  onConfirm,
}: CommentModalProps & { onConfirm: (name: string, category: Category) => void }) {
  const [name, setName] = useState("");
  const [category, setCategory] = useState<Category | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const nameError = submitted && name.trim() === "" ? [t("A title is required.")] : undefined;
  const categoryError = submitted && !category ? t("A category is required.") : null;
  return (
    <Modal isVisible title={t("Split Comments")} onClose={onCancel}>
      <form
        className="bulkModal"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (name.trim() !== "" && category) onConfirm(name.trim(), category);
        }}
      >
        <p>{formatText(t("Split {count} into a new discussion."), { count: count(selected) })}</p>
        <InputField
          label={t("Title")}
          required
          maxLength={250}
          value={name}
          errors={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <CategorySelect onChange={setCategory} />
        {categoryError ? (
          <p className="bulkModal-error" role="alert">
            {categoryError}
          </p>
        ) : null}
        <ModalButtons onCancel={onCancel} confirm={t("Split")} />
      </form>
    </Modal>
  );
}

/** Delete: a confirmation naming the comments. */
export function CommentDeleteModal({
  selected,
  onCancel,
  onConfirm,
}: CommentModalProps & { onConfirm: () => void }) {
  return (
    <Modal isVisible title={t("Delete Comments")} onClose={onCancel} size="small">
      <form
        className="bulkModal"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <p>
          {selected.length === 1
            ? t("Are you sure you want to delete this comment?")
            : formatText(t("Are you sure you want to delete {count}?"), { count: count(selected) })}
        </p>
        <ul className="bulkModal-names">
          {selected.map((item) => (
            <li key={item.commentID}>{item.label}</li>
          ))}
        </ul>
        <ModalButtons onCancel={onCancel} confirm={t("Delete")} />
      </form>
    </Modal>
  );
}
