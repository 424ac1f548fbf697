import { useEffect, useId, useState } from "react";
import type { Category } from "@forum/api/categories";
import { toApiError } from "@library/src/api/apiError";
import { plural } from "@library/src/i18n/plural";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { Modal } from "@library/src/ui/Modal/Modal";
import { getMoveTargets } from "./bulkApi";
import type { SelectedDiscussion } from "./bulkSelectionSlice";

interface ModalBaseProps {
  selected: readonly SelectedDiscussion[];
  onCancel: () => void;
}

function count(selected: readonly SelectedDiscussion[]): string {
  return plural(t("{count, plural, one {# discussion} other {# discussions}}"), selected.length);
}

export function ModalButtons({
  onCancel,
  confirm,
  disabled,
}: {
  onCancel: () => void;
  confirm: string;
  disabled?: boolean;
}) {
  return (
    <div className="bulkModal-buttons">
      <Button onClick={onCancel}>{t("Cancel")}</Button>
      <Button type="submit" variant="primary" disabled={disabled}>
        {confirm}
      </Button>
    </div>
  );
}

/** The category picker of the bulk modals: every category that takes discussions, indented by depth. */
export function CategorySelect({ onChange }: { onChange: (category: Category | null) => void }) {
  const selectID = useId();
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [categoryID, setCategoryID] = useState<number | null>(null);
  useEffect(() => {
    getMoveTargets().then(setCategories, (error: unknown) => setLoadError(toApiError(error).message));
  }, []);
  return (
    <>
      <label className="bulkModal-label" htmlFor={selectID}>
        {t("Category")}
      </label>
      <select
        id={selectID}
        className="bulkModal-select"
        value={categoryID ?? ""}
        disabled={!categories}
        onChange={(event) => {
          const id = event.target.value ? Number(event.target.value) : null;
          setCategoryID(id);
          onChange(categories?.find((category) => category.categoryID === id) ?? null);
        }}
      >
        <option value="">{categories ? t("Select a category") : t("Loading…")}</option>
        {categories?.map((category) => (
          <option key={category.categoryID} value={category.categoryID}>
            {`${"\u00a0\u00a0".repeat(Math.max(0, category.depth - 1))}${category.name}`}
          </option>
        ))}
      </select>
      {loadError ? (
        <p className="bulkModal-error" role="alert">
          {loadError}
        </p>
      ) : null}
    </>
  );
}

/** Move: pick the category (every one that takes discussions), optionally leave redirects behind. */
export function BulkMoveModal({
  selected,
  onCancel,
  onConfirm,
}: ModalBaseProps & { onConfirm: (category: Category, addRedirects: boolean) => void }) {
  const [target, setTarget] = useState<Category | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);
  return (
    <Modal isVisible title={t("Move Discussions")} onClose={onCancel}>
      <form
        className="bulkModal"
        onSubmit={(event) => {
          event.preventDefault();
          if (target) onConfirm(target, addRedirects);
        }}
      >
        <p>{formatText(t("Move {count} to another category."), { count: count(selected) })}</p>
        <CategorySelect onChange={setTarget} />
        <Checkbox
          label={t("Leave a redirect link")}
          checked={addRedirects}
          onChange={(event) => setAddRedirects(event.target.checked)}
        />
        <ModalButtons onCancel={onCancel} confirm={t("Move")} disabled={!target} />
      </form>
    </Modal>
  );
}

/** Merge: choose the discussion the others join (as its comments), optionally leave redirects behind. */
export function BulkMergeModal({
  selected,
  onCancel,
  onConfirm,
}: ModalBaseProps & { onConfirm: (destinationID: number, addRedirects: boolean) => void }) {
  const name = useId();
  const [destinationID, setDestinationID] = useState<number>(selected[0]?.discussionID ?? 0);
  const [addRedirects, setAddRedirects] = useState(false);
  return (
    <Modal isVisible title={t("Merge Discussions")} onClose={onCancel}>
      <form
        className="bulkModal"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(destinationID, addRedirects);
        }}
      >
        <fieldset className="bulkModal-fieldset">
          <legend>{t("Choose the main discussion into which all comments will be merged:")}</legend>
          {selected.map((item) => (
            <label key={item.discussionID} className="bulkModal-radio">
              <input
                type="radio"
                name={name}
                value={item.discussionID}
                checked={destinationID === item.discussionID}
                onChange={() => setDestinationID(item.discussionID)}
              />
              <span>{item.name}</span>
            </label>
          ))}
        </fieldset>
        <Checkbox
          label={t("Leave a redirect link")}
          checked={addRedirects}
          onChange={(event) => setAddRedirects(event.target.checked)}
        />
        <ModalButtons onCancel={onCancel} confirm={t("Merge")} />
      </form>
    </Modal>
  );
}

/** Close and Delete: a confirmation naming how many. */
export function BulkConfirmModal({
  kind,
  selected,
  onCancel,
  onConfirm,
}: ModalBaseProps & { kind: "close" | "delete"; onConfirm: () => void }) {
  const question =
    kind === "delete"
      ? selected.length === 1
        ? t("Are you sure you want to delete this discussion?")
        : formatText(t("Are you sure you want to delete {count}?"), { count: count(selected) })
      : formatText(t("Are you sure you want to close {count}?"), { count: count(selected) });
  return (
    <Modal
      isVisible
      title={kind === "delete" ? t("Delete Discussions") : t("Close Discussions")}
      onClose={onCancel}
      size="small"
    >
      <form
        className="bulkModal"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <p>{question}</p>
        <ul className="bulkModal-names">
          {selected.map((item) => (
            <li key={item.discussionID}>{item.name}</li>
          ))}
        </ul>
        <ModalButtons onCancel={onCancel} confirm={kind === "delete" ? t("Delete") : t("Close")} />
      </form>
    </Modal>
  );
}
