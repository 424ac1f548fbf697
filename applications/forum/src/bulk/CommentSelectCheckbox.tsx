import { createContext, useContext } from "react";
import type { Comment } from "@forum/api/comments";
import { formatText, t } from "@library/src/i18n/translate";
import type { PermissionChecker } from "@library/src/permissions/usePermissionsChecker";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { commentToggled, selectCommentSelection } from "./commentSelectionSlice";
import { useLoadedPermissions } from "./useLoadedPermissions";
import "./bulk.css";

/** A comment's place among the comments of the page (1 for the first); null where it is not known. */
export const CommentPositionContext = createContext<number | null>(null);

/** True inside a comment the page's React tree draws itself (it has its own selection box). */
export const InCommentItemContext = createContext(false);

/** Split needs discussions.edit where the comments are, delete comments.delete (as the server checks them). */
export function canSplitComments(hasPermission: PermissionChecker, categoryID: number): boolean {
  return hasPermission("discussions.edit", { resourceType: "category", resourceID: categoryID });
}

export function canDeleteComments(hasPermission: PermissionChecker, categoryID: number): boolean {
  return hasPermission("comments.delete", { resourceType: "category", resourceID: categoryID });
}

/** 'Comment 2 by Alice' (or 'Comment by Alice' where its place is not known). */
export function commentLabel(authorName: string | undefined, position: number | null): string {
  const name = authorName ?? t("Unknown");
  return position === null
    ? formatText(t("Comment by {name}"), { name })
    : formatText(t("Comment {position} by {name}"), { position, name });
}

/**
 * The checkbox that puts a comment in the page's comment selection: for moderators who may split or delete
 * comments in its category. Disabled while an action works on it.
 */
export function CommentSelectCheckbox({
  comment,
  position: givenPosition,
}: {
  comment: Pick<Comment, "commentID" | "discussionID" | "categoryID"> & { insertUser?: { name: string } };
  /** Where no CommentPositionContext says it (a server page). */
  position?: number | null;
}) {
  const hasPermission = useLoadedPermissions();
  const position = useContext(CommentPositionContext) ?? givenPosition ?? null;
  const dispatch = useAppDispatch();
  const { selected, pending } = useAppSelector(selectCommentSelection);
  if (
    !canSplitComments(hasPermission, comment.categoryID) &&
    !canDeleteComments(hasPermission, comment.categoryID)
  )
    return null;
  const label = commentLabel(comment.insertUser?.name, position);
  return (
    <input
      type="checkbox"
      className="bulkSelectCheckbox"
      checked={selected.some((item) => item.commentID === comment.commentID)}
      disabled={pending.includes(comment.commentID)}
      aria-label={formatText(t("Select {name}"), { name: label })}
      onChange={() =>
        dispatch(
          commentToggled({
            commentID: comment.commentID,
            discussionID: comment.discussionID,
            categoryID: comment.categoryID,
            label,
          }),
        )
      }
    />
  );
}
