import { useEffect, useState } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { LazyComposer } from "./LazyComposer";
import { editableDocument } from "./postBodies";
import { getCommentEdit, getRenderedBody, patchComment } from "./postsApi";

type EditSource =
  { status: "loading" } | { status: "ready"; doc: Rich2Document } | { status: "error"; error: ApiError };

export interface CommentEditorProps {
  commentID: number;
  onCancel: () => void;
}

/** Inline comment editing: the Composer pre-filled from `GET comments/{id}/edit`, saved with PATCH. */
export function CommentEditor({ commentID, onCancel }: CommentEditorProps) {
  const [source, setSource] = useState<EditSource>({ status: "loading" });

  useEffect(() => {
    let current = true;
    getCommentEdit(commentID)
      .then((edit) => editableDocument(edit, () => getRenderedBody("comment", commentID)))
      .then(
        (doc) => current && setSource({ status: "ready", doc }),
        (error: unknown) => current && setSource({ status: "error", error: toApiError(error) }),
      );
    return () => {
      current = false;
    };
  }, [commentID]);

  const onSubmit = async (doc: Rich2Document) => {
    const comment = await patchComment(commentID, { body: JSON.stringify(doc), format: "rich2" });
    // The comment's own url lands on the page that holds it, at its anchor.
    fullPageNavigate(comment.url);
  };

  return (
    <div className="commentEditor">
      {source.status === "loading" && <Loader />}
      {source.status === "error" && (
        <p className="postError" role="alert">
          {source.error.message}
        </p>
      )}
      {source.status === "ready" && (
        <LazyComposer
          label={t("Edit Comment")}
          submitLabel={t("Save Comment")}
          initialValue={source.doc}
          onSubmit={onSubmit}
          clearOnSubmit={false}
          autoFocus
        />
      )}
      <Button variant="text" compact className="commentEditor-cancel" onClick={onCancel}>
        {t("Cancel")}
      </Button>
    </div>
  );
}
