import type { Category, CategoryFragment } from "@forum/api/categories";
import type { PostFragment } from "@forum/api/discussions";
import { toApiDate } from "@library/server/http/dates";
import { CATEGORY_PERMISSIONS } from "@library/server/permissions/permissionNames";
import type { Viewer } from "@library/server/permissions/viewer";
import {
  categoryBreadcrumbs,
  categoryUrl,
  hasCategoryPermission,
  type CategoryRow,
  type CategoryTree,
} from "./categoryTree";

export interface CategoryExtras {
  /** Followed categories of the viewer, with the date they were followed. */
  follows?: ReadonlyMap<number, string | null>;
  lastPosts?: ReadonlyMap<number, PostFragment>;
  /** Set to add `permissions` (the viewer's category grants). */
  viewer?: Viewer;
  breadcrumbs?: boolean;
  parent?: boolean;
}

export function parseDiscussionTypes(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function presentCategoryFragment(row: CategoryRow): CategoryFragment {
  return { categoryID: row.categoryID, name: row.name, url: categoryUrl(row.urlcode) };
}

/** The viewer's category-scoped grants in one category (`expand=permissions`). */
export function categoryPermissionsFor(
  tree: CategoryTree,
  viewer: Viewer,
  categoryID: number,
): Record<string, boolean> {
  return Object.fromEntries(
    CATEGORY_PERMISSIONS.map((name) => [name, hasCategoryPermission(tree, viewer, name, categoryID)]),
  );
}

/** Category (API.md 6.1) from a row of the cached tree. */
export function presentCategory(tree: CategoryTree, row: CategoryRow, extras: CategoryExtras = {}): Category {
  const followed = extras.follows?.has(row.categoryID) ?? false;
  const dateFollowed = extras.follows?.get(row.categoryID);
  const parent = row.parentCategoryID === null ? undefined : tree.get(row.parentCategoryID);
  const category: Category = {
    categoryID: row.categoryID,
    name: row.name,
    description: row.description,
    parentCategoryID: row.parentCategoryID,
    customPermissions: row.customPermissions === 1,
    isArchived: row.isArchived === 1,
    urlcode: row.urlcode,
    url: categoryUrl(row.urlcode),
    displayAs: row.displayAs as Category["displayAs"],
    iconUrl: row.iconUrl,
    bannerUrl: row.bannerUrl,
    dateInserted: toApiDate(row.dateInserted),
    countCategories: row.countCategories,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    countAllDiscussions: row.countAllDiscussions,
    countAllComments: row.countAllComments,
    countFollowers: row.countFollowers,
    followed,
    ...(followed && dateFollowed ? { dateFollowed: toApiDate(dateFollowed) } : {}),
    depth: row.depth,
    featured: row.featured === 1,
    allowedDiscussionTypes: parseDiscussionTypes(row.allowedDiscussionTypes),
    preModeration: row.preModeration === 1,
    replyDisplay: row.replyDisplay === "threaded" ? "threaded" : "flat",
  };
  if (extras.lastPosts) category.lastPost = extras.lastPosts.get(row.categoryID) ?? null;
  if (extras.viewer) category.permissions = categoryPermissionsFor(tree, extras.viewer, row.categoryID);
  if (extras.breadcrumbs) category.breadcrumbs = categoryBreadcrumbs(tree, row.categoryID);
  if (extras.parent && parent) category.parent = presentCategoryFragment(parent);
  return category;
}
