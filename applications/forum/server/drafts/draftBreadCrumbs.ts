import type { Breadcrumb } from "@forum/api/categories";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, categoryUrl, getCategoryTree } from "../categories/categoryTree";
import { discussionUrl } from "../content/urls";
import type { DraftRow } from "./draftRows";
import { parseAttributes } from "./draftsPresenter";

/** The discussion a draft belongs to: a comment's (or reply's) discussion, or the discussion an edit changes. */
function discussionOf(row: DraftRow): number | null {
  if (row.recordType === "comment" && row.parentRecordType === "discussion") return row.parentRecordID;
  if (row.recordType === "discussion") return row.recordID;
  return null;
}

/** The category a new discussion's draft is written for (its draftMeta, else its parent). */
function categoryOf(row: DraftRow): number | null {
  const meta = parseAttributes(row.attributes).draftMeta as { categoryID?: unknown } | undefined;
  if (typeof meta?.categoryID === "number") return meta.categoryID;
  return row.parentRecordType === "category" ? row.parentRecordID : null;
}

/**
 * The list view's `breadCrumbs` of each draft (API.md 14): the category's path, then the discussion of a
 * comment draft or of an edit; only what the viewer may see now (a discussion since hidden or deleted is left
 * out). One read of the discussions for the whole page.
 */
export async function draftBreadCrumbs(
  context: AppContext,
  viewer: Viewer,
  rows: readonly DraftRow[],
): Promise<Map<number, Breadcrumb[]>> {
  const tree = await getCategoryTree(context.db);
  const visible = categoryIDsWith(tree, viewer);
  const ids = [...new Set(rows.map(discussionOf).filter((id): id is number => id !== null))];
  const discussions = new Map(
    ids.length === 0
      ? []
      : (
          await context.db
            .selectFrom("discussions")
            .select(["discussionID", "name", "categoryID"])
            .where("discussionID", "in", ids)
            .where("deleteLogID", "is", null)
            .execute()
        ).map((discussion) => [discussion.discussionID, discussion]),
  );
  const categoryPath = (categoryID: number): Breadcrumb[] =>
    visible.has(categoryID)
      ? tree.ancestors(categoryID).map((category) => ({
          name: category.name,
          url: categoryUrl(category.urlcode),
        }))
      : [];
  const crumbs = new Map<number, Breadcrumb[]>();
  for (const row of rows) {
    const discussionID = discussionOf(row);
    if (discussionID !== null) {
      const discussion = discussions.get(discussionID);
      if (discussion && visible.has(discussion.categoryID))
        crumbs.set(row.draftID, [
          ...categoryPath(discussion.categoryID),
          { name: discussion.name, url: discussionUrl(discussion.discussionID, discussion.name) },
        ]);
      continue;
    }
    const categoryID = categoryOf(row);
    if (categoryID !== null) crumbs.set(row.draftID, categoryPath(categoryID));
  }
  return crumbs;
}
