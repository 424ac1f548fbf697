import { PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, hasCategoryPermission, type CategoryTree } from "../categories/categoryTree";

/** Moderators everywhere: community.moderate (API.md 2.10 shows report metadata to these and to posts.moderate). */
export const SITE_MODERATORS = ["community.moderate"];

/** The categories whose queue items a viewer may read and act on: every one, or those with posts.moderate. */
export interface ModerationScope {
  all: boolean;
  categoryIDs: ReadonlySet<number>;
  covers(categoryID: number): boolean;
}

export function moderationScopeOf(tree: CategoryTree, viewer: Viewer): ModerationScope | null {
  if (viewer.isGuest) return null;
  if (viewer.has(SITE_MODERATORS)) return { all: true, categoryIDs: new Set(), covers: () => true };
  const categoryIDs = categoryIDsWith(tree, viewer, "posts.moderate");
  if (categoryIDs.size === 0) return null;
  return { all: false, categoryIDs, covers: (categoryID) => categoryIDs.has(categoryID) };
}

/** The viewer's scope, or 403 for members who moderate nothing. */
export function requireModerationScope(tree: CategoryTree, viewer: Viewer): ModerationScope {
  const scope = moderationScopeOf(tree, viewer);
  if (!scope) throw new PermissionError(["community.moderate", "posts.moderate"]);
  return scope;
}

/** Whether the viewer moderates posts in a category (held posts and report metadata there). */
export function moderatesCategory(tree: CategoryTree, viewer: Viewer, categoryID: number): boolean {
  return (
    !viewer.isGuest &&
    (viewer.has(SITE_MODERATORS) || hasCategoryPermission(tree, viewer, "posts.moderate", categoryID))
  );
}
