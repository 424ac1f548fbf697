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
 * discussion is not closed and within `ui.editContentTimeout` seconds (-1: no limit).
 */
function editRule(
  viewer: Viewer,
  editPermission: string,
  post: { insertUserID: number; dateInserted: string },
  discussion: Discussion,
  editTimeout: number,
) {
  if (viewer.isGuest) return { canEdit: false, editableUntil: null };
  if (viewer.has("community.moderate") || inCategory(viewer, editPermission, discussion.categoryID)) {
    return { canEdit: true, editableUntil: null };
  }
  if (post.insertUserID !== viewer.userID || discussion.closed)
    return { canEdit: false, editableUntil: null };
  if (editTimeout < 0) return { canEdit: true, editableUntil: null };
  const until = Date.parse(post.dateInserted) + editTimeout * 1000;
  return until > Date.now()
    ? { canEdit: true, editableUntil: new Date(until).toISOString() }
    : { canEdit: false, editableUntil: null };
}

export function discussionPermissions(
  viewer: Viewer,
  discussion: Discussion,
  editTimeout: number,
): PostPermissions {
  return {
    canComment: canCommentOn(viewer, discussion),
    ...editRule(viewer, "discussions.edit", discussion, discussion, editTimeout),
    canDelete: inCategory(viewer, "discussions.delete", discussion.categoryID),
  };
}

export function commentPermissions(
  viewer: Viewer,
  discussion: Discussion,
  comment: Comment,
  editTimeout: number,
): PostPermissions {
  return {
    canComment: canCommentOn(viewer, discussion),
    ...editRule(viewer, "comments.edit", comment, discussion, editTimeout),
    canDelete:
      viewer.has("community.moderate") || inCategory(viewer, "comments.delete", discussion.categoryID),
  };
}
