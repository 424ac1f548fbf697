import { useCallback, useEffect, useState } from "react";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { useAppSelector } from "@library/src/redux/hooks";
import { openedForDraft } from "@applications/forum/src/drafts/draftLinks";
import { loadLocalDraft } from "@applications/forum/src/drafts/localDrafts";
import {
  closeReplyBox,
  openReplyBox,
  otherBoxWithDraft,
  replyDraftPath,
  useOpenReplyParentID,
  type OpenReplyBox,
} from "./replyBoxes";

export interface InlineReply {
  isOpen: boolean;
  /** Reply: opens this comment's box (asking first when another box holds a draft). */
  request: () => void;
  close: () => void;
  /** Another box holds a draft: the 'Discard Draft' question is up. */
  confirming: boolean;
  confirm: () => void;
  cancel: () => void;
  pending: boolean;
}

/**
 * The reply box of one comment: at most one is open on the page. It opens by itself on a page opened from
 * 'Navigate to Draft' for this comment, and where this browser keeps a reply draft for it (after a reload).
 */
export function useInlineReply(discussionID: number, commentID: number, enabled: boolean): InlineReply {
  const openID = useOpenReplyParentID();
  const userID = useAppSelector(selectCurrentUser).userID;
  const [other, setOther] = useState<OpenReplyBox | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!enabled || userID <= 0) return;
    const linked = openedForDraft(window.location.search) && window.location.hash === `#Comment_${commentID}`;
    const kept = loadLocalDraft(userID, replyDraftPath(discussionID, commentID));
    if (linked || typeof kept?.attributes.body === "string") openReplyBox(commentID);
  }, [enabled, userID, discussionID, commentID]);

  const request = useCallback(() => {
    const holding = otherBoxWithDraft(commentID);
    if (holding) setOther(holding);
    else openReplyBox(commentID);
  }, [commentID]);
  const close = useCallback(() => closeReplyBox(commentID), [commentID]);
  const confirm = () => {
    if (!other) return;
    setPending(true);
    other
      .discard()
      .catch((error: unknown) => console.error("Error deleting draft", error))
      .finally(() => {
        setPending(false);
        setOther(null);
        openReplyBox(commentID);
      });
  };
  return {
    isOpen: enabled && openID === commentID,
    request,
    close,
    confirming: other !== null,
    confirm,
    cancel: () => setOther(null),
    pending,
  };
}
