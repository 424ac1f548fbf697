import { useCallback, useEffect, useRef, useState } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import type { RichEditorHandle } from "@library/src/editor/RichEditor";
import { isEmptyDocument, parseRich2 } from "@library/src/editor/serialize";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Loader } from "@library/src/ui/Loader/Loader";
import { openedForDraft } from "@applications/forum/src/drafts/draftLinks";
import { listDrafts } from "@applications/forum/src/drafts/draftsApi";
import { UnsavedChangesGuard } from "@applications/forum/src/drafts/UnsavedChangesModal";
import { useDraft } from "@applications/forum/src/drafts/useDraft";
import { useDraftToast } from "@applications/forum/src/drafts/useDraftToast";
import { requestsHandled, selectComposerRequests } from "./composerSlice";
import { LazyComposer } from "./LazyComposer";
import { useMayUpload } from "@library/src/editor/uploads/useMayUpload";
import { postComment } from "./postsApi";
import "./posts.css";

export interface CommentComposerProps {
  discussionID: number;
  closed: boolean;
  canComment: boolean;
}

/** The member's comment draft of a discussion on the server (a reply draft has a commentParentID). */
async function findCommentDraft(discussionID: number) {
  const { drafts } = await listDrafts({
    recordType: "comment",
    parentRecordType: "discussion",
    parentRecordID: discussionID,
    limit: 10,
  });
  return drafts.find((draft) => {
    const meta = draft.attributes.draftMeta as { commentParentID?: number | null } | undefined;
    return !meta?.commentParentID;
  });
}

/**
 * The comment form at the end of a discussion: posts rich2, then loads the page of the new comment. What a
 * member types is a draft (SPEC 4): kept in this browser and on the server, offered again on the next visit.
 */
export function CommentComposer({ discussionID, closed, canComment }: CommentComposerProps) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector((state) => selectComposerRequests(state, discussionID));
  const userID = useAppSelector(selectCurrentUser).userID;
  const mayUpload = useMayUpload();
  const editor = useRef<RichEditorHandle>(null);
  const container = useRef<HTMLElement>(null);
  const [editorReady, setEditorReady] = useState(false);
  const drafts = userID > 0 && canComment;
  const draft = useDraft({
    userID,
    path: `/discussion/${discussionID}#comment`,
    recordType: "comment",
    parentRecordType: "discussion",
    parentRecordID: discussionID,
    findOnServer: () => findCommentDraft(discussionID),
    enabled: drafts,
  });
  const [initialValue, setInitialValue] = useState<Rich2Document | undefined>(undefined);
  const [opened, setOpened] = useState(!drafts);
  useEffect(() => {
    if (!draft.ready || opened) return;
    const body = draft.draft?.attributes.body;
    const doc = typeof body === "string" ? parseRich2(body) : null;
    setInitialValue(doc && !isEmptyDocument(doc) ? doc : undefined);
    setOpened(true);
  }, [draft.ready, draft.draft, opened]);
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
    }
    container.current?.scrollIntoView?.({ behavior: "smooth", block: "center" });
    handle.focus();
    dispatch(requestsHandled({ discussionID, ids: requests.map((request) => request.id) }));
  }, [editorReady, requests, discussionID, dispatch]);

  if (!canComment) return null;

  const onSubmit = async (doc: Rich2Document) => {
    const comment = await postComment({ discussionID, body: JSON.stringify(doc), format: "rich2" });
    if (drafts) await draft.remove();
    fullPageNavigate(comment.url);
  };

  const onChange = (doc: Rich2Document) => {
    if (!drafts) return;
    if (isEmptyDocument(doc)) {
      if (draft.draft || draft.unsynced) void draft.remove();
      return;
    }
    draft.update({
      body: JSON.stringify(doc),
      format: "rich2",
      draftMeta: { commentPath: window.location.pathname, commentParentID: null, format: "rich2" },
    });
  };

  return (
    <section ref={container} className="commentComposer" aria-label={t("Leave a comment")}>
      {closed && <p className="commentComposer-closed">{t("This discussion has been closed.")}</p>}
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
      {drafts && <UnsavedChangesGuard active={draft.unsynced} />}
    </section>
  );
}
