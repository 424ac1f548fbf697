import { useState } from "react";
import type { Category } from "@forum/api/categories";
import type { LongRunnerRequest, LongRunnerSummary } from "@library/src/api/longRunner";
import { LongRunnerProgressModal } from "@library/src/api/longRunnerUi/LongRunnerProgressModal";
import { useLongRunner } from "@library/src/api/longRunnerUi/useLongRunner";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { plural } from "@library/src/i18n/plural";
import { t } from "@library/src/i18n/translate";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { bulkRequests } from "./bulkApi";
import { useIsFirstHost, useSelectionToast } from "./BulkActionsHost";
import { CommentDeleteModal, CommentSplitModal } from "./CommentActionModals";
import { canDeleteComments, canSplitComments } from "./CommentSelectCheckbox";
import {
  commentActionClosed,
  commentActionFailed,
  commentActionOpened,
  commentActionStarted,
  commentSelectionCleared,
  commentsRemoved,
  selectCommentSelection,
} from "./commentSelectionSlice";
import { useLoadedPermissions } from "./useLoadedPermissions";

/** The selection toast's body on a discussion page: Split, Delete and Clear. */
export function CommentSelectionActions() {
  const dispatch = useAppDispatch();
  const hasPermission = useLoadedPermissions();
  const { selected } = useAppSelector(selectCommentSelection);
  const canSplit = selected.every((item) => canSplitComments(hasPermission, item.categoryID));
  const canDelete = selected.every((item) => canDeleteComments(hasPermission, item.categoryID));
  return (
    <div className="bulkSelectionActions">
      <div className="bulkSelectionActions-buttons">
        <Button compact disabled={!canSplit} onClick={() => dispatch(commentActionOpened("split"))}>
          {t("Split")}
        </Button>
        <Button compact disabled={!canDelete} onClick={() => dispatch(commentActionOpened("delete"))}>
          {t("Delete")}
        </Button>
        <Button compact variant="text" onClick={() => dispatch(commentSelectionCleared())}>
          {t("Clear")}
        </Button>
      </div>
    </div>
  );
}

/** The comment selection toast, the Split and Delete modals and their progress: one per page. */
export function CommentBulkActionsHost() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return useIsFirstHost("comments") && isSignedIn ? <CommentBulkActions /> : null;
}

function newPostUrlOf(summary: LongRunnerSummary): string | null {
  const result = summary.lastResult;
  if (typeof result === "object" && result !== null && "newPostUrl" in result)
    return typeof result.newPostUrl === "string" ? result.newPostUrl : null;
  return null;
}

function CommentBulkActions() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const runner = useLongRunner();
  // The page's permissions (fetched once here) decide which comments get a selection box.
  usePermissionsChecker();
  const { selected, openAction } = useAppSelector(selectCommentSelection);
  const [labels, setLabels] = useState<Map<number, string>>(new Map());
  const count = selected.length;
  useSelectionToast(
    count,
    plural(t("{count, plural, one {# comment selected} other {# comments selected}}"), count),
    <CommentSelectionActions />,
  );

  /** The selected comments become pending; those done leave the page, the others are checked again. */
  const run = async (title: string, request: LongRunnerRequest): Promise<LongRunnerSummary | null> => {
    const items = [...selected];
    setLabels(new Map(items.map((item) => [item.commentID, item.label])));
    dispatch(commentActionStarted(items.map((item) => item.commentID)));
    const summary = await runner.start(title, request);
    const done = summary?.successIDs ?? [];
    if (done.length > 0) dispatch(commentsRemoved(done));
    dispatch(commentActionFailed(items.filter((item) => !done.includes(item.commentID))));
    return summary;
  };

  const split = async (name: string, category: Category) => {
    const ids = selected.map((item) => item.commentID);
    const summary = await run(t("Splitting comments"), bulkRequests.split(ids, name, category.categoryID));
    const url = summary ? newPostUrlOf(summary) : null;
    if (url === null) return;
    toast.addToast({
      message: t("The comments were split into a new discussion."),
      body: <a href={siteUrl(url)}>{name}</a>,
      type: "success",
      persistent: true,
      dismissible: true,
    });
  };

  const ids = selected.map((item) => item.commentID);
  const cancel = () => dispatch(commentActionClosed());
  return (
    <>
      {openAction === "split" ? (
        <CommentSplitModal
          selected={selected}
          onCancel={cancel}
          onConfirm={(name, category) => void split(name, category)}
        />
      ) : null}
      {openAction === "delete" ? (
        <CommentDeleteModal
          selected={selected}
          onCancel={cancel}
          onConfirm={() => void run(t("Deleting comments"), bulkRequests.deleteComments(ids))}
        />
      ) : null}
      <LongRunnerProgressModal runner={runner} labelOf={(id) => labels.get(id)} />
    </>
  );
}
