import { useContext, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { apiv2 } from "@library/src/api/apiClient";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppSelector } from "@library/src/redux/hooks";
import { CommentBulkActionsHost } from "./CommentBulkActions";
import { CommentSelectCheckbox, InCommentItemContext } from "./CommentSelectCheckbox";
import { selectCommentSelection } from "./commentSelectionSlice";

const MODERATION = ["comments.delete", "discussions.edit"] as const;

/** One lookup per discussion of the category its comments are in. */
const categoryLookups = new Map<number, Promise<number>>();

function categoryOf(discussionID: number): Promise<number> {
  let lookup = categoryLookups.get(discussionID);
  if (!lookup) {
    lookup = apiv2
      .get<{ categoryID: number }>(`discussions/${discussionID}`)
      .then((response) => response.data.categoryID);
    categoryLookups.set(discussionID, lookup);
  }
  return lookup;
}

/** The comment's place among the comments of the server page (1 for the first). */
function positionOf(article: HTMLElement): number | null {
  const list = article.closest(".commentList");
  if (!list) return null;
  const all = Array.from(list.querySelectorAll("article.post-comment:not(.post-tombstone)"));
  const index = all.indexOf(article);
  return index >= 0 ? index + 1 : null;
}

/**
 * On a server-written discussion page the comments are plain HTML: their action rows (mounted widgets) put the
 * selection box into the comment's header, host the comment selection's toast and modals, and take a comment
 * split off or deleted off the page. Where the page's React tree draws the comment itself, it does nothing.
 */
export function ServerCommentSelect(props: ServerCommentSelectProps) {
  const inCommentItem = useContext(InCommentItemContext);
  const isSignedIn = useAppSelector(selectIsSignedIn);
  return !inCommentItem && isSignedIn ? <ModeratorCommentSelect {...props} /> : null;
}

interface ServerCommentSelectProps {
  commentID: number;
  discussionID: number;
  authorName: string;
}

function ModeratorCommentSelect({ commentID, discussionID, authorName }: ServerCommentSelectProps) {
  const hasPermission = usePermissionsChecker();
  const mayModerate = hasPermission(MODERATION, { mode: "globalOrResource" });
  const removed = useAppSelector(selectCommentSelection).removed.includes(commentID);
  const [place, setPlace] = useState<{ header: HTMLElement; categoryID: number; position: number | null }>();

  useEffect(() => {
    if (!mayModerate) return;
    const article = document.getElementById(`Comment_${commentID}`);
    const header = article?.querySelector<HTMLElement>(".post-header");
    if (!article || !header) return;
    let live = true;
    const box = document.createElement("span");
    box.className = "commentSelectBox";
    header.prepend(box);
    categoryOf(discussionID).then(
      (categoryID) => {
        if (live) setPlace({ header: box, categoryID, position: positionOf(article) });
      },
      () => undefined,
    );
    return () => {
      live = false;
      box.remove();
    };
  }, [mayModerate, commentID, discussionID]);

  useEffect(() => {
    if (removed) document.getElementById(`Comment_${commentID}`)?.remove();
  }, [removed, commentID]);

  if (!mayModerate || !place) return null;
  return (
    <>
      {createPortal(
        <CommentSelectCheckbox
          comment={{
            commentID,
            discussionID,
            categoryID: place.categoryID,
            insertUser: { name: authorName },
          }}
          position={place.position}
        />,
        place.header,
      )}
      <CommentBulkActionsHost />
    </>
  );
}
