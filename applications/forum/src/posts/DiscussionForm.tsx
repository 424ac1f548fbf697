import { useId, useRef, useState } from "react";
import type { Discussion } from "@forum/api/discussions";
import type { Rich2Document } from "@forum/api/rich2";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { FormGroup, fieldAriaProps } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { LazyComposer } from "./LazyComposer";
import { useMayUpload } from "@library/src/editor/uploads/useMayUpload";
import "./posts.css";

export const DISCUSSION_TITLE_MAX_LENGTH = 250;

export interface PostableCategory {
  categoryID: number;
  name: string;
  depth: number;
  canPost: boolean;
}

export interface DiscussionFormProps {
  /** null: no category select (the discussion keeps `initial.categoryID`). */
  categories: PostableCategory[] | null;
  initial: { name: string; categoryID: number | null; body?: Rich2Document };
  submitLabel: string;
  /** Send the form; the returned discussion's url is opened on success. */
  save: (values: { name: string; categoryID: number; body: string }) => Promise<Discussion>;
  /** Every change of title, category or body (the draft of a new discussion). */
  onValuesChange?: (values: DiscussionFormValues) => void;
}

export interface DiscussionFormValues {
  name: string;
  categoryID: number | null;
  body: Rich2Document | undefined;
}

interface CategoryOption {
  categoryID: number;
  label: string;
  disabled: boolean;
}

/**
 * Categories the user can post in, indented by depth; a category without the right stays only as a disabled
 * heading above postable descendants.
 */
export function categoryOptions(categories: PostableCategory[]): CategoryOption[] {
  const keep = new Set<number>();
  categories.forEach((category, index) => {
    if (!category.canPost) return;
    keep.add(index);
    // Walk back up to the ancestors (the nearest earlier rows with smaller depth).
    let depth = category.depth;
    for (let previous = index - 1; previous >= 0 && depth > 0; previous--) {
      const row = categories[previous];
      if (row && row.depth < depth) {
        keep.add(previous);
        depth = row.depth;
      }
    }
  });
  const minDepth = Math.min(...categories.map((category) => category.depth));
  return categories.flatMap((category, index) =>
    keep.has(index)
      ? [
          {
            categoryID: category.categoryID,
            label: `${"\u00a0\u00a0\u00a0".repeat(Math.max(0, category.depth - minDepth))}${category.name}`,
            disabled: !category.canPost,
          },
        ]
      : [],
  );
}

/** Title, category, body: the form for new and edited discussions; API field errors show under each field. */
export function DiscussionForm({
  categories,
  initial,
  submitLabel,
  save,
  onValuesChange,
}: DiscussionFormProps) {
  const titleID = useId();
  const categoryID = useId();
  const mayUpload = useMayUpload();
  const [name, setName] = useState(initial.name);
  const [category, setCategory] = useState<number | null>(initial.categoryID);
  const body = useRef<Rich2Document | undefined>(initial.body);
  const changed = (values: Partial<DiscussionFormValues>) =>
    onValuesChange?.({ name, categoryID: category, body: body.current, ...values });
  const [error, setError] = useState<ApiError | null>(null);
  const options = categories ? categoryOptions(categories) : [];
  const selectable = options.filter((option) => !option.disabled);
  const selected = !categories
    ? initial.categoryID
    : category !== null && selectable.some((option) => option.categoryID === category)
      ? category
      : null;

  const onSubmit = async (body: Rich2Document) => {
    const missing: ApiError["errors"] = {};
    if (name.trim() === "")
      missing.name = [{ field: "name", code: "missingField", message: t("Title is required.") }];
    if (selected === null)
      missing.categoryID = [
        { field: "categoryID", code: "missingField", message: t("Category is required.") },
      ];
    if (Object.keys(missing).length > 0) {
      setError({ message: t("Please fix the errors below."), status: 0, errors: missing });
      return;
    }
    setError(null);
    try {
      const discussion = await save({
        name: name.trim(),
        categoryID: selected ?? 0,
        body: JSON.stringify(body),
      });
      fullPageNavigate(discussion.url);
    } catch (thrown) {
      setError(toApiError(thrown));
    }
  };

  const fieldErrors = (field: string) => error?.errors[field];
  const knownFields = ["name", "categoryID", "body"];
  const hasFieldErrors = knownFields.some((field) => (fieldErrors(field)?.length ?? 0) > 0);
  // A failure that no field explains shows beside the submit button (the Composer's error slot).
  const generalError = error && !hasFieldErrors ? error : null;

  return (
    <div className="discussionForm">
      <InputField
        id={titleID}
        label={t("Title")}
        required
        maxLength={DISCUSSION_TITLE_MAX_LENGTH}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          changed({ name: event.target.value });
        }}
        errors={fieldErrors("name")}
        className="discussionForm-title"
      />
      {categories && (
        <FormGroup label={t("Category")} inputID={categoryID} required errors={fieldErrors("categoryID")}>
          <select
            id={categoryID}
            className="input discussionForm-category"
            required
            value={selected ?? ""}
            onChange={(event) => {
              const value = event.target.value === "" ? null : Number(event.target.value);
              setCategory(value);
              changed({ categoryID: value });
            }}
            {...fieldAriaProps(categoryID, fieldErrors("categoryID"))}
          >
            <option value="" disabled>
              {t("Select a category")}
            </option>
            {options.map((option) => (
              <option key={option.categoryID} value={option.categoryID} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
        </FormGroup>
      )}
      <div className="discussionForm-body">
        <LazyComposer
          label={t("Body")}
          submitLabel={submitLabel}
          initialValue={initial.body}
          onSubmit={onSubmit}
          error={generalError}
          clearOnSubmit={false}
          uploads={mayUpload}
          onChange={(doc) => {
            body.current = doc;
            changed({ body: doc });
          }}
        />
        {(fieldErrors("body")?.length ?? 0) > 0 && (
          <ul className="formGroup-errors" role="alert">
            {fieldErrors("body")?.map((item, index) => (
              <li key={index}>{item.message}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
