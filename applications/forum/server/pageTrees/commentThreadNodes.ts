import type { ThreadComment, ThreadItem } from "@forum/api/commentThreads";
import type { LayoutNode } from "@forum/api/widgetProps";
import { node } from "@library/server/pages/pageTree";
import { MAX_COMMENT_DEPTH } from "../comments/commentCreate";

type ThreadNode = LayoutNode<"CommentItem" | "CommentTombstone">;

/**
 * The threaded view's comment nodes: each top-level comment with its replies nested (CommentReplies), tombstones
 * in place of comments deleted that way, and holes where replies were left out. `itemOf` draws one live comment
 * (the flat view's CommentItem) given its replies.
 */
export function threadNodes(
  structure: readonly ThreadItem[],
  comments: readonly ThreadComment[],
  itemOf: (index: number, replies: LayoutNode<"CommentReplies"> | undefined) => LayoutNode<"CommentItem">,
): ThreadNode[] {
  const indexByID = new Map(comments.map((comment, index) => [comment.commentID, index]));
  const childrenOf = new Map<number | null, ThreadItem[]>();
  for (const item of structure) {
    const parent =
      item.type === "hole"
        ? item.parentCommentID
        : item.parentCommentID !== null && indexByID.has(item.parentCommentID)
          ? item.parentCommentID
          : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(item);
    childrenOf.set(parent, list);
  }

  const repliesOf = (commentID: number): LayoutNode<"CommentReplies"> | undefined => {
    const items = childrenOf.get(commentID) ?? [];
    if (items.length === 0) return undefined;
    const countReplies = items.reduce(
      (sum, item) => sum + (item.type === "comment" ? 1 : item.reason === "more" ? item.countAllComments : 0),
      0,
    );
    return node("CommentReplies", {
      parentCommentID: commentID,
      countReplies,
      toggle: node("ThreadToggle", { controls: `Replies_${commentID}`, countReplies }),
      items: items.map(nodeOf),
    });
  };

  function nodeOf(item: ThreadItem): LayoutNode<"CommentItem" | "CommentTombstone" | "ThreadHole"> {
    if (item.type === "hole")
      return node("ThreadHole", {
        reason: item.reason,
        parentCommentID: item.parentCommentID,
        count: item.countAllComments,
        url: item.url,
      });
    const index = indexByID.get(item.commentID) ?? -1;
    const comment = comments[index];
    const replies = repliesOf(item.commentID);
    if (!comment || comment.displayMode === "tombstone")
      return node("CommentTombstone", {
        commentID: item.commentID,
        depth: item.depth,
        ...(replies && { replies }),
      });
    return itemOf(index, replies);
  }

  return (childrenOf.get(null) ?? []).flatMap((item) => {
    const drawn = nodeOf(item);
    return drawn.$reactComponent === "ThreadHole" ? [] : [drawn];
  });
}

/** Reply opens a reply box under comments above the maximum depth (API.md 8.4 DECISION: 5). */
export function takesReplies(comment: Pick<ThreadComment, "depth" | "displayMode">): boolean {
  return comment.displayMode === "full" && comment.depth < MAX_COMMENT_DEPTH;
}
