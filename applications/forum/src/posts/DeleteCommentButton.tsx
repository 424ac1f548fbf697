import { lazy, Suspense, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { deleteComment } from "./postsApi";

// Fetched when Delete is first pressed: a page of posts carries no dialog code until then.
const ConfirmDeleteModal = lazy(() =>
  import("./ConfirmDeleteModal").then((module) => ({ default: module.ConfirmDeleteModal })),
);

/** Delete for a comment: confirm, DELETE, then take `#Comment_{id}` off the page and say so. */
export function DeleteCommentButton({ commentID }: { commentID: number }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await deleteComment(commentID);
      setConfirming(false);
      toast.addToast({ message: t("Comment deleted."), type: "success" });
      // Removing the element unmounts this widget with it, so it goes last.
      document.getElementById(`Comment_${commentID}`)?.remove();
    } catch (error) {
      setPending(false);
      setConfirming(false);
      toast.addErrorToast(toApiError(error).message);
    }
  };

  return (
    <>
      <Button variant="text" compact className="postActions-button" onClick={() => setConfirming(true)}>
        {t("Delete")}
      </Button>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDeleteModal
            isVisible
            title={t("Delete Comment")}
            question={t("Are you sure you want to delete this comment?")}
            pending={pending}
            onConfirm={() => void confirm()}
            onCancel={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </>
  );
}
