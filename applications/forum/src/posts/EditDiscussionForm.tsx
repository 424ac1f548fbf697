import { useEffect, useState } from "react";
import type { DiscussionEdit } from "@forum/api/discussions";
import type { Rich2Document } from "@forum/api/rich2";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Loader } from "@library/src/ui/Loader/Loader";
import { DiscussionForm, type PostableCategory } from "./DiscussionForm";
import { editableDocument } from "./postBodies";
import { getDiscussionEdit, getRenderedBody, patchDiscussion } from "./postsApi";

export interface EditDiscussionFormProps {
  discussionID: number;
  /** Categories to move the discussion to; without them the category stays as it is. */
  categories?: PostableCategory[];
}

type EditState =
  | { status: "loading" }
  | { status: "ready"; edit: DiscussionEdit; body: Rich2Document }
  | { status: "error"; error: ApiError };

/** `/post/editdiscussion/{id}`: the discussion form pre-filled from `GET discussions/{id}/edit`, saved with PATCH. */
export function EditDiscussionForm({ discussionID, categories }: EditDiscussionFormProps) {
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
      initial={{ name: edit.name, categoryID: edit.categoryID, body }}
      submitLabel={t("Save")}
      save={({ name, categoryID, body }) =>
        patchDiscussion(discussionID, { name, body, format: "rich2", categoryID })
      }
    />
  );
}
