import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { Viewer } from "@library/server/permissions/viewer";

/** What the viewer may do with one post, decided on the server (the API enforces the same rules). */
export interface PostPermissions {
  canComment: boolean;
  canEdit: boolean;
  /** End of the author's edit window; null when editing is not time-limited. */
  editableUntil: string | null;
  canDelete: boolean;
}

function inCategory(viewer: Viewer, permission: string, categoryID: number): boolean {
  return viewer.has(permission, { type: "category", id: categoryID });
}

/** SPEC 5: Reply and Quote need comments.add in the category; a closed discussion also needs discussions.close. */
export function canCommentOn(viewer: Viewer, discussion: Discussion): boolean {
  if (viewer.isGuest) return false;
  if (inCategory(viewer, "posts.moderate", discussion.categoryID)) return true;
  if (discussion.closed && !inCategory(viewer, "discussions.close", discussion.categoryID)) return false;
  return inCategory(viewer, "comments.add", discussion.categoryID);
}

/**
 * SPEC 5 edit rule: moderators (and holders of the category's edit permission) always; the author while the
 * discussion is not closed and within `ui.editContentTimeout` seconds (-1: no limit). What holds for every post
 * of the discussion is decided once; the author and the time are each post's.
 */
function editRuleFor(
  viewer: Viewer,
  editPermission: string,
  discussion: Discussion,
  editTimeout: number,
): (post: {
  insertUserID: number;
  dateInserted: string;
}) => Pick<PostPermissions, "canEdit" | "editableUntil"> {
  if (viewer.isGuest) return () => ({ canEdit: false, editableUntil: null });
  if (viewer.has("community.moderate") || inCategory(viewer, editPermission, discussion.categoryID))
    return () => ({ canEdit: true, editableUntil: null });
  return (post) => {
    if (post.insertUserID !== viewer.userID || discussion.closed)
      return { canEdit: false, editableUntil: null };
    if (editTimeout < 0) return { canEdit: true, editableUntil: null };
    const until = Date.parse(post.dateInserted) + editTimeout * 1000;
    return until > Date.now()
      ? { canEdit: true, editableUntil: new Date(until).toISOString() }
      : { canEdit: false, editableUntil: null };
  };
}

export function discussionPermissions(
  viewer: Viewer,
  discussion: Discussion,
  editTimeout: number,
): PostPermissions {
  const edit = editRuleFor(viewer, "discussions.edit", discussion, editTimeout)(discussion);
  return {
    canComment: canCommentOn(viewer, discussion),
    canEdit: edit.canEdit,
    editableUntil: edit.editableUntil,
    canDelete: inCategory(viewer, "discussions.delete", discussion.categoryID),
  };
}

/**
 * What the viewer may do with each comment of a discussion: Reply and Delete are the same for all of them and
 * decided once, Edit is each comment's (its author and age).
 */
export function commentPermissionsFor(
  viewer: Viewer,
  discussion: Discussion,
  editTimeout: number,
): (comment: Comment) => PostPermissions {
  const canComment = canCommentOn(viewer, discussion);
  const editRule = editRuleFor(viewer, "comments.edit", discussion, editTimeout);
  const canDelete =
    viewer.has("community.moderate") || inCategory(viewer, "comments.delete", discussion.categoryID);
  return (comment) => {
    const edit = editRule(comment);
    return { canComment, canEdit: edit.canEdit, editableUntil: edit.editableUntil, canDelete };
  };
}

export function commentPermissions(
  viewer: Viewer,
  discussion: Discussion,
  comment: Comment,
  editTimeout: number,
): PostPermissions {
  return commentPermissionsFor(viewer, discussion, editTimeout)(comment);
}
