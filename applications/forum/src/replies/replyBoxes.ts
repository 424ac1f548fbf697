import { useSyncExternalStore } from "react";

/** The reply box open on the page: one at a time (the widgets of a server page are separate React roots). */
export interface OpenReplyBox {
  parentCommentID: number;
  /** What was typed and not posted. */
  hasContent: () => boolean;
  /** Deletes its draft (here and on the server) and closes it. */
  discard: () => Promise<void>;
}

let open: { parentCommentID: number } | null = null;
let box: OpenReplyBox | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function openReplyBox(parentCommentID: number): void {
  open = { parentCommentID };
  changed();
}

export function closeReplyBox(parentCommentID: number): void {
  if (open?.parentCommentID !== parentCommentID) return;
  open = null;
  box = null;
  changed();
}

/** The open box's composer tells how to ask it about its draft (and forgets it when it goes). */
export function attachReplyBox(attached: OpenReplyBox): () => void {
  box = attached;
  return () => {
    if (box === attached) box = null;
  };
}

/** The open box when it holds an unposted draft, other than the one for `parentCommentID`. */
export function otherBoxWithDraft(parentCommentID: number): OpenReplyBox | null {
  return box && box.parentCommentID !== parentCommentID && box.hasContent() ? box : null;
}

export function useOpenReplyParentID(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open?.parentCommentID ?? null,
    () => null,
  );
}

/** Where a reply draft is kept in this browser until the server gives it an id (SPEC 4). */
export function replyDraftPath(discussionID: number, parentCommentID: number): string {
  return `/discussion/${discussionID}#reply-${parentCommentID}`;
}
