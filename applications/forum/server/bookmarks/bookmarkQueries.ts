import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, getCategoryTree, type CategoryTree } from "../categories/categoryTree";
import { loadDiscussionRows, type DiscussionRow } from "../discussions/discussionRows";
import { pageRequest } from "../http/expand";
import "./bookmarkTables";

export interface BookmarkedPage {
  rows: DiscussionRow[];
  tree: CategoryTree;
  page: number;
  limit: number;
}

/**
 * `GET /discussions/bookmarked` (API.md 7.2): the viewer's own bookmarks, newest bookmark first, from the
 * categories the viewer may still see.
 */
export async function listBookmarkedDiscussions(
  context: AppContext,
  viewer: Viewer,
  query: { page?: number; limit?: number },
): Promise<BookmarkedPage> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  const { page, limit, offset } = pageRequest(query.page, query.limit);
  const visible = categoryIDsWith(tree, viewer);
  if (visible.size === 0) return { rows: [], tree, page, limit };
  const rows = await context.db
    .selectFrom("userDiscussions")
    .innerJoin("discussions", "discussions.discussionID", "userDiscussions.discussionID")
    .select("discussions.discussionID")
    .where("userDiscussions.userID", "=", viewer.userID)
    .where("userDiscussions.bookmarked", "=", 1)
    .where("discussions.categoryID", "in", [...visible])
    .where("discussions.deleteLogID", "is", null)
    .orderBy("userDiscussions.dateBookmarked", "desc")
    .orderBy("discussions.discussionID", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    rows: await loadDiscussionRows(
      context.db,
      rows.map((row) => row.discussionID),
    ),
    tree,
    page,
    limit,
  };
}
