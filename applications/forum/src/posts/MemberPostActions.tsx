import { lazy, Suspense, useState } from "react";
import type { PostActionsProps } from "./PostActions";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { focusRequested, replyRequested, requestQuote } from "./composerSlice";
import { DeleteCommentButton } from "./DeleteCommentButton";
import { useEditWindow } from "./editTime";
import { ShareMenu } from "./ShareMenu";
import { useInlineReply } from "@applications/forum/src/replies/useInlineReply";
import { ReportControls } from "../reports/ReportControls";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { Loader } from "@library/src/ui/Loader/Loader";
import { PostPermalink } from "./PostPermalink";
import "./posts.css";

// What a reader only needs once they act (edit, reply) or moderate is loaded then: a guest's first view of a
// discussion fetches none of it (the drafts, the reply box, the comment selection and its bulk actions).
const CommentEditor = lazy(() =>
  import("./CommentEditor").then((module) => ({ default: module.CommentEditor })),
);
const ReplyComposer = lazy(() =>
  import("@applications/forum/src/replies/ReplyComposer").then((module) => ({
    default: module.ReplyComposer,
  })),
);
// Asked only when a reply would replace another one's draft.
const DiscardDraftModal = lazy(() =>
  import("@applications/forum/src/replies/DiscardDraftModal").then((module) => ({
    default: module.DiscardDraftModal,
  })),
);
const ServerCommentSelect = lazy(() =>
  import("../bulk/ServerCommentSelect").then((module) => ({ default: module.ServerCommentSelect })),
);

/**
 * The action row under each post for a signed-in reader: Quote, Reply, Share, the permalink and its copy, Edit and
 * Delete for comments, Report, and the comment's selection box for moderators. PostActions loads it when the
 * reader may do more than read and share.
 */
export function MemberPostActions(props: PostActionsProps) {
  const { recordType, recordID, discussionID, url, name, canComment, canEdit, editableUntil } = props;
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const toast = useToast();
  const editWindow = useEditWindow(editableUntil);
  const [quoting, setQuoting] = useState(false);
  const [editing, setEditing] = useState(false);
  const isComment = recordType === "comment";
  const reply = useInlineReply(discussionID, recordID, isComment && props.canReply === true);
  const showEdit = isComment && canEdit && editWindow.open;

  const quote = async () => {
    setQuoting(true);
    try {
      await dispatch(requestQuote({ recordType, recordID, discussionID })).unwrap();
    } catch (error: unknown) {
      toast.addErrorToast(toApiError(error).message);
    } finally {
      setQuoting(false);
    }
  };

  return (
    <div className="postActions">
      <div className="postActions-row">
        <PostPermalink url={url} />
        <span className="postActions-buttons">
          {canComment && (
            <>
              <Button
                variant="text"
                compact
                className="postActions-button"
                pending={quoting}
                onClick={() => void quote()}
              >
                {t("Quote")}
              </Button>
              {isComment && props.canReply ? (
                <Button
                  variant="text"
                  compact
                  className="postActions-button"
                  aria-expanded={reply.isOpen}
                  onClick={reply.request}
                >
                  {t("Reply")}
                </Button>
              ) : (
                <Button
                  variant="text"
                  compact
                  className="postActions-button"
                  onClick={() =>
                    dispatch(
                      isComment
                        ? replyRequested({
                            discussionID,
                            to: { userID: props.insertUser.userID, name: props.insertUser.name, url },
                          })
                        : focusRequested({ discussionID }),
                    )
                  }
                >
                  {t("Reply")}
                </Button>
              )}
            </>
          )}
          <ShareMenu url={url} name={name} items={props.shareItems} />
          {showEdit && (
            <span className="postActions-edit">
              <Button
                variant="text"
                compact
                className="postActions-button"
                aria-expanded={editing}
                onClick={() => setEditing((value) => !value)}
              >
                {t("Edit")}
              </Button>
              {editWindow.text && <span className="postActions-remaining">{editWindow.text}</span>}
            </span>
          )}
          {isComment && props.canDelete && <DeleteCommentButton commentID={recordID} />}
          {props.report && (
            <ReportControls
              recordType={recordType}
              recordID={recordID}
              report={props.report}
              inMenu={!isComment}
            />
          )}
        </span>
      </div>
      {showEdit && editing && (
        <Suspense fallback={<Loader className="postComposer-loader" />}>
          <CommentEditor commentID={recordID} onCancel={() => setEditing(false)} />
        </Suspense>
      )}
      {reply.isOpen && (
        <Suspense fallback={<Loader className="postComposer-loader" />}>
          <ReplyComposer discussionID={discussionID} parentCommentID={recordID} onClose={reply.close} />
        </Suspense>
      )}
      {reply.confirming && (
        <Suspense fallback={null}>
          <DiscardDraftModal
            isVisible
            replyingElsewhere
            pending={reply.pending}
            onConfirm={reply.confirm}
            onCancel={reply.cancel}
          />
        </Suspense>
      )}
      {isComment && isSignedIn ? (
        <Suspense fallback={null}>
          <ServerCommentSelect
            commentID={recordID}
            discussionID={discussionID}
            authorName={props.insertUser.name}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
