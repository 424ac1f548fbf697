import { useId, useRef, useState, type ReactNode } from "react";
import type { Discussion } from "@forum/api/discussions";
import type { PostableCategory, PostType } from "@forum/api/postTypes";
import type { Rich2Document } from "@forum/api/rich2";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { FormGroup, fieldAriaProps } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { useMayUpload } from "@library/src/editor/uploads/useMayUpload";
import { CategoryPicker } from "@applications/forum/src/postTypes/CategoryPicker";
import { usePostPreview } from "@applications/forum/src/postTypes/PostPreview";
import { postTypeEditor, type PostMeta } from "@applications/forum/src/postTypes/PostFields";
import { PostTypeChoice } from "@applications/forum/src/postTypes/PostTypeChoice";
import type { TagToken } from "@applications/forum/src/tags/TagInput";
import { DiscussionTagsField } from "./DiscussionTagsField";
import { LazyComposer } from "./LazyComposer";
import "./posts.css";

export const DISCUSSION_TITLE_MAX_LENGTH = 250;

export type { PostableCategory };

/** Where an announcement shows (SPEC 3 draftMeta `pinLocation`; `none`: not announced). */
export type PinChoice = "none" | "category" | "recent";

/** Everything the form holds: the discussion draft's `draftMeta` is made of it (SPEC 3). */
export interface DiscussionFormValues {
  name: string;
  categoryID: number | null;
  body: Rich2Document | undefined;
  postTypeID: string;
  postMeta: PostMeta;
  pinLocation: PinChoice;
  /** Existing tags (with ids) and new names; sent as tagIDs and newTagNames. */
  tags: TagToken[];
}

/** What `save` receives: a complete, checked form. */
export interface DiscussionFormSubmit extends Omit<DiscussionFormValues, "body" | "categoryID"> {
  categoryID: number;
  body: string;
  /** The viewer may announce in the chosen category (send `pinned`/`pinLocation`). */
  canAnnounce: boolean;
}

/** A post held for approval (API.md 7.5: 202) has no page yet. */
export interface HeldPost {
  message: string;
}

export interface DiscussionFormProps {
  /** null: no category choice (the discussion keeps `initial.categoryID`). */
  categories: PostableCategory[] | null;
  /** The post types of the site (each category narrows them); absent: discussions only. */
  postTypes?: PostType[];
  initial: Partial<DiscussionFormValues> & { name: string; categoryID: number | null };
  submitLabel: string;
  /** Send the form; a discussion's url is opened on success, a held post's message shown. */
  save: (values: DiscussionFormSubmit) => Promise<Discussion | HeldPost>;
  /** Every change of any field (the draft). */
  onValuesChange?: (values: DiscussionFormValues) => void;
  /** Without categories: may the viewer announce the discussion. */
  canAnnounce?: boolean;
  /** `tagging.enabled`: the tags field shows. */
  taggingEnabled?: boolean;
  /** Buttons beside Preview (Schedule). */
  actions?: ReactNode;
}

const BUILT_IN: PostType = {
  postTypeID: "discussion",
  baseType: "discussion",
  label: "Discussion",
  fields: [],
};

/** Title, category, post type and its fields, announcement, tags, body and preview: new and edited discussions. */
export function DiscussionForm({
  categories,
  postTypes = [BUILT_IN],
  initial,
  submitLabel,
  save,
  onValuesChange,
  canAnnounce: canAnnounceWithoutCategories = false,
  taggingEnabled = false,
  actions,
}: DiscussionFormProps) {
  const titleID = useId();
  const categoryInputID = useId();
  const announceID = useId();
  const mayUpload = useMayUpload();
  const [values, setValues] = useState<DiscussionFormValues>(() => ({
    body: undefined,
    postTypeID: "discussion",
    postMeta: {},
    pinLocation: "none",
    tags: [],
    ...initial,
  }));
  const body = useRef<Rich2Document | undefined>(initial.body);
  const [error, setError] = useState<ApiError | null>(null);
  const [held, setHeld] = useState<string | null>(null);
  const preview = usePostPreview({ name: values.name, body: () => body.current });

  const category = categories?.find((item) => item.categoryID === values.categoryID && item.canPost) ?? null;
  const selected = categories ? (category?.categoryID ?? null) : initial.categoryID;
  const allowedTypes = category?.postTypeIDs
    ? postTypes.filter((type) => category.postTypeIDs?.includes(type.postTypeID))
    : postTypes;
  const postType =
    allowedTypes.find((type) => type.postTypeID === values.postTypeID) ?? allowedTypes[0] ?? BUILT_IN;
  const canAnnounce = categories ? category?.canAnnounce === true : canAnnounceWithoutCategories;

  const change = (patch: Partial<DiscussionFormValues>) => {
    const next = { ...values, ...patch, body: body.current };
    setValues(next);
    onValuesChange?.(next);
  };

  const onSubmit = async (document: Rich2Document) => {
    const missing: ApiError["errors"] = {};
    if (values.name.trim() === "")
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
      const result = await save({
        ...values,
        name: values.name.trim(),
        categoryID: selected ?? 0,
        body: JSON.stringify(document),
        postTypeID: postType.postTypeID,
        canAnnounce,
      });
      if ("url" in result) fullPageNavigate(result.url);
      else setHeld(result.message);
    } catch (thrown) {
      setError(toApiError(thrown));
    }
  };

  const fieldErrors = (field: string) => error?.errors[field];
  const shownFields = [
    "name",
    "categoryID",
    "body",
    "pinLocation",
    ...(taggingEnabled ? ["tagIDs", "newTagNames"] : []),
  ];
  const hasFieldErrors = Object.keys(error?.errors ?? {}).some(
    (field) => shownFields.includes(field) || field.startsWith("postMeta."),
  );
  // A failure that no field explains shows beside the submit button (the Composer's error slot).
  const generalError = error && !hasFieldErrors ? error : null;
  const Fields = postTypeEditor(postType.postTypeID);

  if (held !== null)
    return (
      <p className="discussionForm-held" role="status">
        {held}
      </p>
    );

  return (
    <div className="discussionForm">
      <InputField
        id={titleID}
        label={t("Title")}
        required
        maxLength={DISCUSSION_TITLE_MAX_LENGTH}
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        errors={fieldErrors("name")}
        className="discussionForm-title"
      />
      {categories && (
        <FormGroup
          label={t("Category")}
          inputID={categoryInputID}
          required
          errors={fieldErrors("categoryID")}
        >
          <CategoryPicker
            id={categoryInputID}
            categories={categories}
            value={selected}
            onChange={(categoryID) => change({ categoryID })}
            errors={fieldErrors("categoryID")}
          />
        </FormGroup>
      )}
      <PostTypeChoice
        postTypes={allowedTypes}
        value={postType.postTypeID}
        onChange={(postTypeID) => change({ postTypeID, postMeta: {} })}
      />
      <Fields
        postType={postType}
        value={values.postMeta}
        onChange={(postMeta) => change({ postMeta })}
        errorsOf={fieldErrors}
      />
      {canAnnounce && (
        <FormGroup label={t("Announce")} inputID={announceID} errors={fieldErrors("pinLocation")}>
          <select
            id={announceID}
            className="input discussionForm-announce"
            value={values.pinLocation}
            onChange={(event) => change({ pinLocation: event.target.value as PinChoice })}
            {...fieldAriaProps(announceID, fieldErrors("pinLocation"))}
          >
            <option value="none">{t("Don't announce")}</option>
            <option value="category">{t("Announce in its category")}</option>
            <option value="recent">{t("Announce in its category and in Recent Discussions")}</option>
          </select>
        </FormGroup>
      )}
      {taggingEnabled && (
        <DiscussionTagsField
          value={values.tags}
          onChange={(tags) => change({ tags })}
          errors={[...(fieldErrors("tagIDs") ?? []), ...(fieldErrors("newTagNames") ?? [])]}
        />
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
          secondaryActions={
            <>
              {preview.toggle}
              {actions}
            </>
          }
          onChange={(doc) => {
            body.current = doc;
            change({ body: doc });
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
      {preview.panel}
    </div>
  );
}

/**
 * The API's pin fields for a form's announcement choice, only for those who may announce; a new post that is not
 * announced sends none, an edited one `pinned: false` (it may have been announced before).
 */
export function pinFields(values: DiscussionFormSubmit, isNew: boolean) {
  if (!values.canAnnounce || (isNew && values.pinLocation === "none")) return {};
  return values.pinLocation === "none"
    ? { pinned: false }
    : { pinned: true, pinLocation: values.pinLocation };
}
