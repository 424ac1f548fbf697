import type { PostType } from "@forum/api/postTypes";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { parseDiscussionTypes } from "../categories/categoriesPresenter";
import { getCategoryTree } from "../categories/categoryTree";
import { availablePostTypes, postTypesAllowedIn } from "../postTypes/postTypeCatalog";
import { categoryTreeView } from "./listViews";

export interface PostableCategory {
  categoryID: number;
  name: string;
  depth: number;
  canPost: boolean;
  canAnnounce: boolean;
  /** The post types creatable here. */
  postTypeIDs: string[];
}

/**
 * The categories of the create-post form, in tree order: those the viewer can post in are selectable, with
 * the viewer's announce right and the post types each one allows.
 */
export async function postableCategories(
  context: AppContext,
  viewer: Viewer,
  postTypes: PostType[] = availablePostTypes(context),
): Promise<PostableCategory[]> {
  const [tree, visible] = await Promise.all([getCategoryTree(context.db), categoryTreeView(context, viewer)]);
  const out: PostableCategory[] = [];
  const walk = (categories: typeof visible, depth: number) => {
    for (const category of categories) {
      const row = tree.get(category.categoryID);
      const accepts = row !== undefined && (row.displayAs === "discussions" || row.displayAs === "flat");
      const scope = { type: "category", id: category.categoryID } as const;
      const postTypeIDs = row
        ? postTypesAllowedIn(postTypes, parseDiscussionTypes(row.allowedDiscussionTypes)).map(
            (postType) => postType.postTypeID,
          )
        : [];
      const canPost =
        accepts && !category.isArchived && postTypeIDs.length > 0 && viewer.has("discussions.add", scope);
      out.push({
        categoryID: category.categoryID,
        name: category.name,
        depth,
        canPost,
        canAnnounce: canPost && viewer.has("discussions.announce", scope),
        postTypeIDs,
      });
      walk(category.children ?? [], depth + 1);
    }
  };
  walk(visible, 1);
  return out;
}
