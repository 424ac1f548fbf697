import type { Category } from "@forum/api/categories";
import { useId, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import type { ApiError } from "@library/src/api/apiError";
import type { LongRunnerSummary } from "@library/src/api/longRunner";
import { useApiAction } from "@library/src/api/useApiAction";
import { LongRunnerProgressModal } from "@library/src/api/longRunnerUi/LongRunnerProgressModal";
import { useLongRunner } from "@library/src/api/longRunnerUi/useLongRunner";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";

const DISPLAY_AS = [
  { value: "discussions", label: "Discussions" },
  { value: "categories", label: "Nested categories" },
  { value: "flat", label: "Flat list" },
  { value: "heading", label: "Heading" },
] as const;

const REPLY_DISPLAY = [
  { value: "flat", label: "Flat (in date order)" },
  { value: "threaded", label: "Threaded (replies under the comment they answer)" },
] as const;

/** `Seed Swaps!` → `seed-swaps`. */
export function urlcodeOf(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function generalError(error: ApiError | null): string | null {
  if (!error || Object.keys(error.errors).length > 0) return null;
  return error.description ? `${error.message} ${error.description}` : error.message;
}

interface CategoryFormProps {
  /** The category to edit, or null to create one. */
  category: Category | null;
  categories: readonly Category[];
  onClose: () => void;
  onSaved: (name: string) => void;
}

/** Create or edit a category: name, url code, description, icon, display, replies, pre-moderation, parent. */
export function CategoryFormModal({ category, categories, onClose, onSaved }: CategoryFormProps) {
  const displayID = useId();
  const replyDisplayID = useId();
  const parentID = useId();
  const [name, setName] = useState(category?.name ?? "");
  const [urlcode, setUrlcode] = useState(category?.urlcode ?? "");
  const [codeTouched, setCodeTouched] = useState(category !== null);
  const [description, setDescription] = useState(category?.description ?? "");
  const [iconUrl, setIconUrl] = useState(category?.iconUrl ?? "");
  const [displayAs, setDisplayAs] = useState<string>(category?.displayAs ?? "discussions");
  const [replyDisplay, setReplyDisplay] = useState<string>(category?.replyDisplay ?? "flat");
  const [preModeration, setPreModeration] = useState(category?.preModeration ?? false);
  const [parent, setParent] = useState(category?.parentCategoryID ? String(category.parentCategoryID) : "");
  const { pending, error, run } = useApiAction();

  const save = () => {
    const body = {
      name,
      urlcode,
      description: description === "" ? null : description,
      iconUrl: iconUrl === "" ? null : iconUrl,
      displayAs,
      replyDisplay,
      preModeration,
      parentCategoryID: parent === "" ? null : Number(parent),
    };
    return run(async () => {
      if (category) await apiv2.patch(`categories/${category.categoryID}`, body);
      else await apiv2.post("categories", body);
      onSaved(name);
      onClose();
    });
  };

  const message = generalError(error);
  const parents = categories.filter((candidate) => candidate.categoryID !== category?.categoryID);
  return (
    <Modal
      isVisible
      onClose={onClose}
      title={category ? formatText(t("Edit {name}"), { name: category.name }) : t("New category")}
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
        {message && (
          <p className="siteSettings-errors" role="alert">
            {message}
          </p>
        )}
        <InputField
          label={t("Name")}
          required
          maxLength={255}
          value={name}
          errors={error?.errors.name}
          onChange={(event) => {
            setName(event.target.value);
            if (!codeTouched) setUrlcode(urlcodeOf(event.target.value));
          }}
        />
        <InputField
          label={t("URL code")}
          required
          maxLength={255}
          description={t("The category's address: /categories/{code}.")}
          value={urlcode}
          errors={error?.errors.urlcode}
          onChange={(event) => {
            setCodeTouched(true);
            setUrlcode(event.target.value);
          }}
        />
        <InputField
          label={t("Description")}
          maxLength={1000}
          value={description}
          errors={error?.errors.description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <InputField
          label={t("Icon")}
          description={t("Address of the icon image.")}
          maxLength={500}
          value={iconUrl}
          errors={error?.errors.iconUrl}
          onChange={(event) => setIconUrl(event.target.value)}
        />
        <FormGroup label={t("Display as")} inputID={displayID} errors={error?.errors.displayAs}>
          <select
            id={displayID}
            className="input"
            value={displayAs}
            onChange={(event) => setDisplayAs(event.target.value)}
          >
            {DISPLAY_AS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </FormGroup>
        <FormGroup label={t("Replies")} inputID={replyDisplayID} errors={error?.errors.replyDisplay}>
          <select
            id={replyDisplayID}
            className="input"
            value={replyDisplay}
            onChange={(event) => setReplyDisplay(event.target.value)}
          >
            {REPLY_DISPLAY.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </FormGroup>
        <Checkbox
          label={t("Hold new posts for approval (pre-moderation)")}
          checked={preModeration}
          errors={error?.errors.preModeration}
          onChange={(event) => setPreModeration(event.target.checked)}
        />
        <FormGroup label={t("Parent category")} inputID={parentID} errors={error?.errors.parentCategoryID}>
          <select
            id={parentID}
            className="input"
            value={parent}
            onChange={(event) => setParent(event.target.value)}
          >
            <option value="">{t("None (top level)")}</option>
            {parents.map((candidate) => (
              <option key={candidate.categoryID} value={candidate.categoryID}>
                {"\u00a0".repeat(Math.max(0, (candidate.depth ?? 1) - 1) * 2) + candidate.name}
              </option>
            ))}
          </select>
        </FormGroup>
        <div className="dashboardConfirm-actions">
          <Button onClick={onClose} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={pending}>
            {category ? t("Save") : t("Create category")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A first answer with progress (408 and a callback payload) rather than a bare 204: the work takes rounds. */
function tookRounds(summary: LongRunnerSummary): boolean {
  return summary.countTotalIDs !== null || summary.successIDs.length > 0 || summary.failedIDs.length > 0;
}

interface DeleteCategoryProps {
  category: Category;
  categories: readonly Category[];
  onClose: () => void;
  onDeleted: (name: string) => void;
  /** A delete stopped part of the way (cancelled or failed): some discussions moved, the tree should reload. */
  onStopped?: () => void;
}

/**
 * Delete a category: its discussions move to another category, or go with it. The server empties a big
 * category over several rounds (the long runner): then the shared progress dialog shows how far it got.
 */
export function DeleteCategoryModal({
  category,
  categories,
  onClose,
  onDeleted,
  onStopped,
}: DeleteCategoryProps) {
  const targetID = useId();
  const others = categories.filter((candidate) => candidate.categoryID !== category.categoryID);
  const [mode, setMode] = useState<"move" | "delete">("move");
  const [target, setTarget] = useState(others[0] ? String(others[0].categoryID) : "");
  const runner = useLongRunner();
  const { error, running: pending } = runner;
  const title = formatText(t("Delete {name}"), { name: category.name });

  const remove = async () => {
    const query = mode === "move" && target ? `?newCategoryID=${encodeURIComponent(target)}` : "";
    const summary = await runner.start(title, {
      method: "DELETE",
      url: `categories/${category.categoryID}${query}`,
      body: undefined,
    });
    if (!summary || summary.cancelled) return;
    onDeleted(category.name);
    // Done in one request (204): nothing to show. After several rounds the progress dialog stays until Close.
    if (!tookRounds(summary)) onClose();
  };

  if (runner.summary && tookRounds(runner.summary))
    return (
      <LongRunnerProgressModal
        runner={runner}
        onClose={() => {
          if (runner.error || runner.summary?.cancelled) onStopped?.();
          onClose();
        }}
      />
    );

  const message = error
    ? (error.errors.newCategoryID?.[0]?.message ??
      (error.description ? `${error.message} ${error.description}` : error.message))
    : null;
  return (
    <Modal isVisible onClose={onClose} title={title} size="small">
      <form
        className="memberForm"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) void remove();
        }}
      >
        {message && (
          <p className="siteSettings-errors" role="alert">
            {message}
          </p>
        )}
        <fieldset className="memberForm-roles">
          <legend className="formGroup-label">
            {category.countDiscussions === 1
              ? t("Its 1 discussion")
              : formatText(t("Its {count} discussions"), { count: category.countDiscussions })}
          </legend>
          <label className="memberForm-radio">
            <input type="radio" name="contents" checked={mode === "move"} onChange={() => setMode("move")} />{" "}
            {t("Move contents to another category")}
          </label>
          <label className="memberForm-radio">
            <input
              type="radio"
              name="contents"
              checked={mode === "delete"}
              onChange={() => setMode("delete")}
            />{" "}
            {t("Delete them with the category")}
          </label>
        </fieldset>
        {mode === "move" && (
          <FormGroup label={t("Move contents to")} inputID={targetID}>
            <select
              id={targetID}
              className="input"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            >
              {others.map((candidate) => (
                <option key={candidate.categoryID} value={candidate.categoryID}>
                  {"\u00a0".repeat(Math.max(0, (candidate.depth ?? 1) - 1) * 2) + candidate.name}
                </option>
              ))}
            </select>
          </FormGroup>
        )}
        <div className="dashboardConfirm-actions">
          <Button onClick={onClose} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={pending}>
            {t("Delete")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
