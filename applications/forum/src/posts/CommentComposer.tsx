import { useCallback, useEffect, useRef, useState } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import type { RichEditorHandle } from "@library/src/editor/RichEditor";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Loader } from "@library/src/ui/Loader/Loader";
import { openedForDraft } from "@applications/forum/src/drafts/draftLinks";
import { UnsavedChangesGuard } from "@applications/forum/src/drafts/UnsavedChangesModal";
import { useCommentDraft } from "@applications/forum/src/drafts/useCommentDraft";
import { useDraftToast } from "@applications/forum/src/drafts/useDraftToast";
import { requestsHandled, selectComposerRequests, type ReplyTarget } from "./composerSlice";
import { LazyComposer } from "./LazyComposer";
import { useMayUpload } from "@library/src/editor/uploads/useMayUpload";
import { postComment } from "./postsApi";
import "./posts.css";

export interface CommentComposerProps {
  discussionID: number;
  closed: boolean;
  canComment: boolean;
}

/**
 * The comment form at the end of a discussion: posts rich2, then loads the page of the new comment. What a
 * member types is a draft (SPEC 4): kept in this browser and on the server, offered again on the next visit.
 */
export function CommentComposer({ discussionID, closed, canComment }: CommentComposerProps) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector((state) => selectComposerRequests(state, discussionID));
  const mayUpload = useMayUpload();
  const editor = useRef<RichEditorHandle>(null);
  const container = useRef<HTMLElement>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [replyingTo, setReplyingTo] = useState<ReplyTarget | null>(null);
  const { kept, draft, opened, initialValue, onChange, discard } = useCommentDraft({
    discussionID,
    parentCommentID: null,
    path: `/discussion/${discussionID}#comment`,
    commentPath: window.location.pathname,
    enabled: canComment,
  });
  const hasSavedDraft = opened && initialValue !== undefined;
  useDraftToast(hasSavedDraft, container);

  // The lazy editor hands over its handle some time after the first render; notice when it arrives.
  // (Only ever set true: the Composer re-attaches its handle on each render, and a false/true flip would loop.)
  const attachEditor = useCallback((handle: RichEditorHandle | null) => {
    editor.current = handle;
    if (handle) setEditorReady(true);
  }, []);

  // Opened from 'Navigate to Draft': put the cursor in the draft.
  useEffect(() => {
    if (editorReady && hasSavedDraft && openedForDraft(window.location.search)) editor.current?.focus();
  }, [editorReady, hasSavedDraft]);

  // Apply Quote/Reply requests from PostActions once the editor exists.
  useEffect(() => {
    const handle = editor.current;
    if (!editorReady || !handle || requests.length === 0) return;
    for (const request of requests) {
      if (request.kind === "quote") handle.insertQuote(request.quote);
      if (request.kind === "reply") {
        handle.focus();
        handle.insertMention(request.to.name, request.to.userID);
        setReplyingTo(request.to);
      }
    }
    container.current?.scrollIntoView?.({ behavior: "smooth", block: "center" });
    handle.focus();
    dispatch(requestsHandled({ discussionID, ids: requests.map((request) => request.id) }));
  }, [editorReady, requests, discussionID, dispatch]);

  if (!canComment) return null;

  const onSubmit = async (doc: Rich2Document) => {
    const comment = await postComment({ discussionID, body: JSON.stringify(doc), format: "rich2" });
    await discard();
    fullPageNavigate(comment.url);
  };

  return (
    <section ref={container} className="commentComposer" aria-label={t("Leave a comment")}>
      {closed && <p className="commentComposer-closed">{t("This discussion has been closed.")}</p>}
      {replyingTo && (
        <p className="commentComposer-replyingTo">
          {t("Replying to")} <a href={replyingTo.url}>{replyingTo.name}</a>
        </p>
      )}
      {opened ? (
        <LazyComposer
          label={t("Comment")}
          placeholder={t("Write a comment…")}
          submitLabel={t("Post Comment")}
          onSubmit={onSubmit}
          editorRef={attachEditor}
          clearOnSubmit={false}
          uploads={mayUpload}
          initialValue={initialValue}
          onChange={onChange}
        />
      ) : (
        <Loader className="postComposer-loader" />
      )}
      {kept && <UnsavedChangesGuard active={draft.unsynced} />}
    </section>
  );
}
