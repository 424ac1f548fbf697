import { useCallback, useEffect, useRef, useState } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import type { RichEditorHandle } from "@library/src/editor/RichEditor";
import { isEmptyDocument, parseRich2 } from "@library/src/editor/serialize";
import { useMayUpload } from "@library/src/editor/uploads/useMayUpload";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { openedForDraft } from "@applications/forum/src/drafts/draftLinks";
import { listDrafts } from "@applications/forum/src/drafts/draftsApi";
import { UnsavedChangesGuard } from "@applications/forum/src/drafts/UnsavedChangesModal";
import { useDraft } from "@applications/forum/src/drafts/useDraft";
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

/** The member's server draft of a reply to this comment (SPEC 3: draftMeta.commentParentID). */
async function findReplyDraft(discussionID: number, parentCommentID: number) {
  const { drafts } = await listDrafts({
    recordType: "comment",
    parentRecordType: "discussion",
    parentRecordID: discussionID,
    limit: 30,
  });
  return drafts.find((draft) => {
    const meta = draft.attributes.draftMeta as { commentParentID?: number | null } | undefined;
    return meta?.commentParentID === parentCommentID;
  });
}

/**
 * The inline reply box under a comment (threaded view): posts a reply with `parentCommentID`, then loads the
 * reply's own page. What is typed is a draft with the SPEC 4 lifecycle (kept here and on the server, offered
 * again after a reload); Cancel with something typed asks 'Discard Draft' first.
 */
export function ReplyComposer({ discussionID, parentCommentID, onClose }: ReplyComposerProps) {
  const userID = useAppSelector(selectCurrentUser).userID;
  const mayUpload = useMayUpload();
  const container = useRef<HTMLDivElement>(null);
  const editor = useRef<RichEditorHandle>(null);
  const drafts = userID > 0;
  const draft = useDraft({
    userID,
    path: replyDraftPath(discussionID, parentCommentID),
    recordType: "comment",
    parentRecordType: "discussion",
    parentRecordID: discussionID,
    findOnServer: () => findReplyDraft(discussionID, parentCommentID),
    enabled: drafts,
  });
  const [initialValue, setInitialValue] = useState<Rich2Document | undefined>(undefined);
  const [opened, setOpened] = useState(!drafts);
  const [editorReady, setEditorReady] = useState(false);
  const content = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);

  useEffect(() => {
    if (!draft.ready || opened) return;
    const body = draft.draft?.attributes.body;
    const doc = typeof body === "string" ? parseRich2(body) : null;
    const saved = doc && !isEmptyDocument(doc) ? doc : undefined;
    content.current = saved !== undefined;
    setInitialValue(saved);
    setOpened(true);
  }, [draft.ready, draft.draft, opened]);
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
  const draftRef = useRef(draft);
  draftRef.current = draft;
  useEffect(
    () =>
      attachReplyBox({
        parentCommentID,
        hasContent: () => content.current,
        discard: async () => {
          await draftRef.current.remove();
          onClose();
        },
      }),
    [parentCommentID, onClose],
  );

  const onChange = (doc: Rich2Document) => {
    content.current = !isEmptyDocument(doc);
    if (!drafts) return;
    if (!content.current) {
      if (draft.draft || draft.unsynced) void draft.remove();
      return;
    }
    draft.update({
      body: JSON.stringify(doc),
      format: "rich2",
      draftMeta: {
        commentPath: `/discussion/comment/${parentCommentID}`,
        commentParentID: parentCommentID,
        format: "rich2",
      },
    });
  };

  const onSubmit = async (doc: Rich2Document) => {
    const reply = await postReply({
      discussionID,
      parentCommentID,
      body: JSON.stringify(doc),
      format: "rich2",
    });
    if (drafts) await draft.remove();
    fullPageNavigate(reply.url);
  };

  const cancel = () => {
    if (content.current) setConfirming(true);
    else {
      if (drafts && (draft.draft || draft.unsynced)) void draft.remove();
      onClose();
    }
  };
  const discard = async () => {
    setDiscarding(true);
    try {
      await draft.remove();
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
        onConfirm={() => void discard()}
        onCancel={() => setConfirming(false)}
      />
      {drafts && <UnsavedChangesGuard active={draft.unsynced} />}
    </div>
  );
}
