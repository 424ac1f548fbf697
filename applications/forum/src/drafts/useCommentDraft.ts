import { useEffect, useRef, useState, type MutableRefObject } from "react";
import type { Rich2Document } from "@forum/api/rich2";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { isEmptyDocument, parseRich2 } from "@library/src/editor/serialize";
import { useAppSelector } from "@library/src/redux/hooks";
import { listDrafts } from "./draftsApi";
import { useDraft, type DraftHandle } from "./useDraft";

/** The member's server draft of a comment (parentCommentID null) or of a reply to that comment. */
async function findCommentDraft(discussionID: number, parentCommentID: number | null) {
  const { drafts } = await listDrafts({
    recordType: "comment",
    parentRecordType: "discussion",
    parentRecordID: discussionID,
    limit: 30,
  });
  return drafts.find((draft) => {
    const meta = draft.attributes.draftMeta as { commentParentID?: number | null } | undefined;
    return (meta?.commentParentID ?? null) === parentCommentID;
  });
}

export interface CommentDraftTarget {
  discussionID: number;
  /** The comment replied to (SPEC 3 draftMeta.commentParentID), or null for a comment on the discussion. */
  parentCommentID: number | null;
  /** The editor's key until the server assigns an id. */
  path: string;
  /** Where 'Navigate to Draft' brings the member back to (draftMeta.commentPath). */
  commentPath: string;
  /** False where the member may not post here: no draft is loaded or kept. */
  enabled: boolean;
}

export interface CommentDraft {
  /** Drafts are kept (a signed-in member who may post here). */
  kept: boolean;
  draft: DraftHandle;
  /** The editor may open: the saved draft, if any, has been read. */
  opened: boolean;
  /** What the editor opens with: the saved draft's text, or nothing. */
  initialValue: Rich2Document | undefined;
  /** Whether the editor holds text now. */
  hasContent: MutableRefObject<boolean>;
  /** Keeps what was typed as the draft (an emptied editor deletes it). */
  onChange: (doc: Rich2Document) => void;
  /** The post was made, or the text let go: the draft is deleted. */
  discard: () => Promise<void>;
}

/**
 * A comment box's draft (SPEC 4), for the comment form and the reply boxes alike: found on the server by
 * the comment it replies to, read once when the box opens, kept as the member types, deleted when the post is
 * made or the text is emptied.
 */
export function useCommentDraft(target: CommentDraftTarget): CommentDraft {
  const { discussionID, parentCommentID } = target;
  const userID = useAppSelector(selectCurrentUser).userID;
  const kept = target.enabled && userID > 0;
  const draft = useDraft({
    userID,
    path: target.path,
    recordType: "comment",
    parentRecordType: "discussion",
    parentRecordID: discussionID,
    findOnServer: () => findCommentDraft(discussionID, parentCommentID),
    enabled: kept,
  });
  const [initialValue, setInitialValue] = useState<Rich2Document | undefined>(undefined);
  const [opened, setOpened] = useState(!kept);
  const hasContent = useRef(false);
  useEffect(() => {
    if (!draft.ready || opened) return;
    const body = draft.draft?.attributes.body;
    const doc = typeof body === "string" ? parseRich2(body) : null;
    const saved = doc && !isEmptyDocument(doc) ? doc : undefined;
    hasContent.current = saved !== undefined;
    setInitialValue(saved);
    setOpened(true);
  }, [draft.ready, draft.draft, opened]);

  const onChange = (doc: Rich2Document) => {
    hasContent.current = !isEmptyDocument(doc);
    if (!kept) return;
    if (!hasContent.current) {
      if (draft.draft || draft.unsynced) void draft.remove();
      return;
    }
    draft.update({
      body: JSON.stringify(doc),
      format: "rich2",
      draftMeta: { commentPath: target.commentPath, commentParentID: parentCommentID, format: "rich2" },
    });
  };
  const discard = async () => {
    if (kept) await draft.remove();
  };
  return { kept, draft, opened, initialValue, hasContent, onChange, discard };
}
