import { useEffect, useState } from "react";
import type { DiscussionEdit } from "@forum/api/discussions";
import type { EditPostFormProps } from "@forum/api/postTypes";
import type { Rich2Document } from "@forum/api/rich2";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Loader } from "@library/src/ui/Loader/Loader";
import { DiscussionForm, pinFields, type DiscussionFormValues } from "./DiscussionForm";
import { tagFieldsOf } from "@applications/forum/src/tags/TagInput";
import { editableDocument } from "./postBodies";
import { getDiscussionEdit, getRenderedBody, patchDiscussion } from "./postsApi";

export type EditDiscussionFormProps = EditPostFormProps;

type EditState =
  | { status: "loading" }
  | { status: "ready"; edit: DiscussionEdit; body: Rich2Document }
  | { status: "error"; error: ApiError };

/** The form's values of a discussion as `GET discussions/{id}/edit` gives it. */
export function formValuesOfEdit(edit: DiscussionEdit, body: Rich2Document): DiscussionFormValues {
  return {
    name: edit.name,
    categoryID: edit.categoryID,
    body,
    postTypeID: edit.postTypeID ?? edit.type ?? "discussion",
    postMeta: edit.postMeta ?? {},
    pinLocation: edit.pinned ? (edit.pinLocation ?? "category") : "none",
    tags: (edit.tagIDs ?? []).map((tagID) => ({ tagID, name: "" })),
  };
}

/** `/post/editdiscussion/{id}`: the discussion form pre-filled from `GET discussions/{id}/edit`, saved with PATCH. */
export function EditDiscussionForm({
  discussionID,
  categories,
  postTypes,
  taggingEnabled = false,
}: EditDiscussionFormProps) {
  const [state, setState] = useState<EditState>({ status: "loading" });

  useEffect(() => {
    let current = true;
    getDiscussionEdit(discussionID)
      .then(async (edit) => ({
        edit,
        body: await editableDocument(edit, () => getRenderedBody("discussion", discussionID)),
      }))
      .then(
        ({ edit, body }) => current && setState({ status: "ready", edit, body }),
        (error: unknown) => current && setState({ status: "error", error: toApiError(error) }),
      );
    return () => {
      current = false;
    };
  }, [discussionID]);

  if (state.status === "loading") return <Loader size="medium" />;
  if (state.status === "error") {
    return (
      <div className="postError" role="alert">
        <strong>{state.error.message}</strong>
        {state.error.description && <p>{state.error.description}</p>}
      </div>
    );
  }

  const { edit, body } = state;
  return (
    <DiscussionForm
      categories={categories ?? null}
      {...(postTypes ? { postTypes } : {})}
      initial={formValuesOfEdit(edit, body)}
      submitLabel={t("Save")}
      taggingEnabled={taggingEnabled}
      save={(values) =>
        patchDiscussion(discussionID, {
          name: values.name,
          body: values.body,
          format: "rich2",
          categoryID: values.categoryID,
          ...(Object.keys(values.postMeta).length > 0 ? { postMeta: values.postMeta } : {}),
          ...pinFields(values, false),
          ...(taggingEnabled ? tagFieldsOf(values.tags) : {}),
        })
      }
    />
  );
}
