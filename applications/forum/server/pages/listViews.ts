import type { Category } from "@forum/api/categories";
import type { Discussion, DiscussionSort } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { getCategory, listCategories } from "../categories/categoriesQueries";
import { presentDiscussions } from "../discussions/discussionsPresenter";
import { listDiscussions } from "../discussions/discussionsQueries";

export const DISCUSSION_LIST_LIMIT = 30;
export const DISCUSSION_SORTS_SHOWN: readonly DiscussionSort[] = [
  "-dateLastComment",
  "-dateInserted",
  "-score",
  "-hot",
  "dateInserted",
];

/** One page of a discussion list and the API query that produced it (so widgets can fetch the next page). */
export interface DiscussionListView {
  discussions: Discussion[];
  page: number;
  limit: number;
  total: number;
  apiParams: Record<string, string | number>;
}

export function parseDiscussionSort(value: unknown): DiscussionSort {
  return DISCUSSION_SORTS_SHOWN.find((sort) => sort === value) ?? "-dateLastComment";
}

export async function discussionListView(
  context: AppContext,
  viewer: Viewer,
  options: { page: number; sort: DiscussionSort; categoryID?: number; limit?: number },
): Promise<DiscussionListView> {
  const limit = options.limit ?? DISCUSSION_LIST_LIMIT;
  const apiParams: Record<string, string | number> = {
    limit,
    sort: options.sort,
    expand: "insertUser,category,-body",
  };
  if (options.categoryID !== undefined) {
    apiParams.categoryID = options.categoryID;
    apiParams.pinOrder = "first";
  }
  const result = await listDiscussions(context, viewer, {
    page: options.page,
    limit,
    sort: options.sort,
    ...(options.categoryID !== undefined
      ? { categoryID: String(options.categoryID), pinOrder: "first" as const }
      : {}),
  });
  const discussions = await presentDiscussions(context.db, viewer, result.tree, result.rows, {
    expand: ["insertUser", "category", "-body"],
  });
  return {
    discussions,
    page: result.page,
    limit: result.limit,
    total: result.total ?? discussions.length,
    apiParams,
  };
}

/** The visible category tree (three levels). */
export async function categoryTreeView(context: AppContext, viewer: Viewer): Promise<Category[]> {
  const { categories } = await listCategories(context, viewer, { outputFormat: "tree", maxDepth: 3 });
  return categories;
}

export async function categoryView(context: AppContext, viewer: Viewer, idOrCode: string): Promise<Category> {
  return getCategory(context, viewer, idOrCode, ["permissions"]);
}
