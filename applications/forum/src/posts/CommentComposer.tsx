import { useCallback, useEffect, useRef, useState } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import type { RichEditorHandle } from "@library/src/editor/RichEditor";
import { t } from "@library/src/i18n/translate";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { requestsHandled, selectComposerRequests } from "./composerSlice";
import { LazyComposer } from "./LazyComposer";
import { postComment } from "./postsApi";
import { clearDraft, loadDraft, saveDraft } from "./commentDrafts";
import "./posts.css";

export interface CommentComposerProps {
  discussionID: number;
  closed: boolean;
  canComment: boolean;
  /** Keeps the unposted text in this browser under this key until it is posted. */
  draftKey?: string;
}

/** The comment form at the end of a discussion: posts rich2, then loads the page of the new comment. */
export function CommentComposer({ discussionID, closed, canComment, draftKey }: CommentComposerProps) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector((state) => selectComposerRequests(state, discussionID));
  const editor = useRef<RichEditorHandle>(null);
  const container = useRef<HTMLElement>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [initialValue] = useState(() => (draftKey ? loadDraft(draftKey) : undefined));

  // The lazy editor hands over its handle some time after the first render; notice when it arrives.
  // (Only ever set true: the Composer re-attaches its handle on each render, and a false/true flip would loop.)
  const attachEditor = useCallback((handle: RichEditorHandle | null) => {
    editor.current = handle;
    if (handle) setEditorReady(true);
  }, []);

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
    if (draftKey) clearDraft(draftKey);
    fullPageNavigate(comment.url);
  };

  return (
    <section ref={container} className="commentComposer" aria-label={t("Leave a comment")}>
      {closed && <p className="commentComposer-closed">{t("This discussion has been closed.")}</p>}
      <LazyComposer
        label={t("Comment")}
        placeholder={t("Write a comment…")}
        submitLabel={t("Post Comment")}
        onSubmit={onSubmit}
        editorRef={attachEditor}
        clearOnSubmit={false}
        initialValue={initialValue}
        onChange={draftKey ? (doc) => saveDraft(draftKey, doc) : undefined}
      />
    </section>
  );
}
