import { useCallback, useEffect, useRef, useState } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import type { RichEditorHandle } from "@library/src/editor/RichEditor";
import { useMayUpload } from "@library/src/editor/uploads/useMayUpload";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { openedForDraft } from "@applications/forum/src/drafts/draftLinks";
import { UnsavedChangesGuard } from "@applications/forum/src/drafts/UnsavedChangesModal";
import { useCommentDraft } from "@applications/forum/src/drafts/useCommentDraft";
import { useDraftToast } from "@applications/forum/src/drafts/useDraftToast";
import { LazyComposer } from "@applications/forum/src/posts/LazyComposer";
import { DiscardDraftModal } from "./DiscardDraftModal";
import { attachReplyBox, replyDraftPath } from "./replyBoxes";
import { postReply } from "./repliesApi";
import "./replies.css";

export interface ReplyComposerProps {
  discussionID: number;
  parentCommentID: number;
  /** The reply box closes (after Cancel, or its draft discarded). */
  onClose: () => void;
}

/**
 * The inline reply box under a comment (threaded view): posts a reply with `parentCommentID`, then loads the
 * reply's own page. What is typed is a draft with the SPEC 4 lifecycle (kept here and on the server, offered
 * again after a reload); Cancel with something typed asks 'Discard Draft' first.
 */
export function ReplyComposer({ discussionID, parentCommentID, onClose }: ReplyComposerProps) {
  const mayUpload = useMayUpload();
  const container = useRef<HTMLDivElement>(null);
  const editor = useRef<RichEditorHandle>(null);
  const { kept, draft, opened, initialValue, hasContent, onChange, discard } = useCommentDraft({
    discussionID,
    parentCommentID,
    path: replyDraftPath(discussionID, parentCommentID),
    commentPath: `/discussion/comment/${parentCommentID}`,
    enabled: true,
  });
  const [editorReady, setEditorReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const hasSavedDraft = opened && initialValue !== undefined;
  useDraftToast(hasSavedDraft, container, parentCommentID);

  const attachEditor = useCallback((handle: RichEditorHandle | null) => {
    editor.current = handle;
    if (handle) setEditorReady(true);
  }, []);
  // Opened by Reply or 'Navigate to Draft': the cursor goes into the box.
  useEffect(() => {
    if (!editorReady) return;
    editor.current?.focus();
    if (openedForDraft(window.location.search))
      container.current?.scrollIntoView?.({ behavior: "smooth", block: "center" });
  }, [editorReady]);

  // The open box answers 'does it hold a draft?' and 'discard it' for the other comments' Reply.
  const discardRef = useRef(discard);
  discardRef.current = discard;
  useEffect(
    () =>
      attachReplyBox({
        parentCommentID,
        hasContent: () => hasContent.current,
        discard: async () => {
          await discardRef.current();
          onClose();
        },
      }),
    [parentCommentID, onClose, hasContent],
  );

  const onSubmit = async (doc: Rich2Document) => {
    const reply = await postReply({
      discussionID,
      parentCommentID,
      body: JSON.stringify(doc),
      format: "rich2",
    });
    await discard();
    fullPageNavigate(reply.url);
  };

  const cancel = () => {
    if (hasContent.current) setConfirming(true);
    else {
      void discard();
      onClose();
    }
  };
  const confirmDiscard = async () => {
    setDiscarding(true);
    try {
      await discard();
    } finally {
      setDiscarding(false);
      setConfirming(false);
      onClose();
    }
  };

  return (
    <div ref={container} className="replyComposer" role="region" aria-label={t("Reply")}>
      {opened ? (
        <LazyComposer
          label={t("Reply")}
          placeholder={t("Write a reply…")}
          submitLabel={t("Post Reply")}
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
      <Button variant="text" compact className="replyComposer-cancel" onClick={cancel}>
        {t("Cancel")}
      </Button>
      <DiscardDraftModal
        isVisible={confirming}
        replyingElsewhere={false}
        pending={discarding}
        onConfirm={() => void confirmDiscard()}
        onCancel={() => setConfirming(false)}
      />
      {kept && <UnsavedChangesGuard active={draft.unsynced} />}
    </div>
  );
}
