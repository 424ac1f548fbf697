import type { Category } from "@forum/api/categories";
import type { Discussion, DiscussionSort } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { getCategory, listCategories } from "../categories/categoriesQueries";
import { getCategoryTree } from "../categories/categoryTree";
import { presentDiscussions } from "../discussions/discussionsPresenter";
import { listDiscussions } from "../discussions/discussionsQueries";
import { taggingEnabled } from "../tags/tagNames";

export const DISCUSSION_LIST_LIMIT = 30;
export const DISCUSSION_SORTS_SHOWN: readonly DiscussionSort[] = [
  "-dateLastComment",
  "-dateInserted",
  "-score",
  "-hot",
  "dateInserted",
];

export type ListReadState = "unread" | "new";

/** `?readState=unread|new` of a list page, for members only (guests have no read state). */
export function parseListReadState(value: unknown, viewer: Viewer): ListReadState | undefined {
  if (viewer.isGuest) return undefined;
  return value === "unread" || value === "new" ? value : undefined;
}

/** The expands every list shows: both authors (started by, most recent by) and the category. */
const LIST_EXPANDS = ["insertUser", "lastUser", "category", "-body"];

/** One page of a discussion list and the API query that produced it (so widgets can fetch the next page). */
export interface DiscussionListView {
  discussions: Discussion[];
  page: number;
  limit: number;
  /** Unknown when a filter (unread, new) makes stored counts useless: the pager then offers "more". */
  total?: number;
  apiParams: Record<string, string | number>;
}

/**
 * `?type=…&statusID=…` of a list page: only posts of one type, and of one public status (a question's, an
 * idea's). The controls that set them come from add-ons, in the list's `discussionList.filters` slot.
 */
export interface ListPostFilter {
  type?: string;
  statusID?: number;
}

export function parseListPostFilter(params: { type?: unknown; statusID?: unknown }): ListPostFilter {
  const { type, statusID } = params;
  return {
    ...(typeof type === "string" && /^[a-z][a-z0-9-]{0,49}$/.test(type) ? { type } : {}),
    ...(typeof statusID === "string" && /^\d{1,6}$/.test(statusID) ? { statusID: Number(statusID) } : {}),
  };
}

export function parseDiscussionSort(value: unknown): DiscussionSort {
  return DISCUSSION_SORTS_SHOWN.find((sort) => sort === value) ?? "-dateLastComment";
}

export async function discussionListView(
  context: AppContext,
  viewer: Viewer,
  options: {
    page: number;
    sort: DiscussionSort;
    categoryID?: number;
    /** With `categoryID`: its whole subtree (a site section's discussions). */
    includeChildCategories?: boolean;
    limit?: number;
    readState?: ListReadState;
    /** Only discussions carrying this tag (the tag page). */
    tagID?: number;
    postFilter?: ListPostFilter;
  },
): Promise<DiscussionListView> {
  const limit = options.limit ?? DISCUSSION_LIST_LIMIT;
  // Announcements lead every list (those of the category on its page, the site-wide ones elsewhere).
  // With tagging on, every row links its tags.
  const expand = taggingEnabled(context) ? [...LIST_EXPANDS, "tags"] : LIST_EXPANDS;
  const apiParams: Record<string, string | number> = {
    limit,
    sort: options.sort,
    expand: expand.join(","),
    pinOrder: "first",
  };
  if (options.categoryID !== undefined) apiParams.categoryID = options.categoryID;
  if (options.includeChildCategories) apiParams.includeChildCategories = "true";
  if (options.readState !== undefined) apiParams.readState = options.readState;
  if (options.tagID !== undefined) apiParams.tagID = options.tagID;
  const { type, statusID } = options.postFilter ?? {};
  if (type !== undefined) apiParams.type = type;
  if (statusID !== undefined) apiParams.statusID = statusID;
  const result = await listDiscussions(context, viewer, {
    page: options.page,
    limit,
    sort: options.sort,
    pinOrder: "first",
    ...(options.categoryID !== undefined ? { categoryID: String(options.categoryID) } : {}),
    ...(options.includeChildCategories ? { includeChildCategories: true } : {}),
    ...(options.readState !== undefined ? { readState: options.readState } : {}),
    ...(options.tagID !== undefined ? { tagID: String(options.tagID) } : {}),
    ...(type !== undefined ? { type: [type] } : {}),
    ...(statusID !== undefined ? { statusID: [statusID] } : {}),
  });
  const discussions = await presentDiscussions(context.db, viewer, result.tree, result.rows, {
    expand,
  });
  return {
    discussions,
    page: result.page,
    limit: result.limit,
    ...(result.total !== undefined && { total: result.total }),
    apiParams,
  };
}

/** The visible category tree (three levels). */
export async function categoryTreeView(
  context: AppContext,
  viewer: Viewer,
  /** A site section's root category: only it and its subtree (SPEC 2). */
  rootCategoryID: number | null = null,
): Promise<Category[]> {
  if (rootCategoryID !== null && !(await getCategoryTree(context.db)).get(rootCategoryID)) return [];
  const { categories } = await listCategories(context, viewer, {
    outputFormat: "tree",
    maxDepth: 3,
    ...(rootCategoryID !== null && { parentCategoryID: rootCategoryID, includeParentCategory: true }),
  });
  return categories;
}

export async function categoryView(context: AppContext, viewer: Viewer, idOrCode: string): Promise<Category> {
  return getCategory(context, viewer, idOrCode, ["permissions"]);
}
