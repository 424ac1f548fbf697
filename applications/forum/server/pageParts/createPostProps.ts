import type { CreatePostPath } from "@forum/api/postPagePaths";
import type { CreatePostFormProps } from "@forum/api/postTypes";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { getCategoryTree } from "../categories/categoryTree";
import { availablePostTypes } from "../postTypes/postTypeCatalog";
import { postableCategories } from "./postableCategories";

/**
 * The props of the create-post form for a parsed address (SPEC 2). An unknown post type, category or group is a
 * 404; a category the viewer may not post in (or that does not allow the type) is a 403.
 */
export async function createPostProps(
  context: AppContext,
  viewer: Viewer,
  path: CreatePostPath,
  draftID?: number,
): Promise<CreatePostFormProps> {
  const postTypes = availablePostTypes(context);
  const postType = postTypes.find((type) => type.postTypeID === path.postType);
  if (!postType) throw new NotFoundError("Post type");
  // No groups in this product: an add-on that brings them brings their create page.
  if (path.parentRecordType === "group") throw new NotFoundError("Group");
  const categories = await postableCategories(context, viewer, postTypes);
  let categoryID: number | null = null;
  if (path.parentRecordID !== null) {
    const row = (await getCategoryTree(context.db)).find(path.parentRecordID);
    const category = row && categories.find((item) => item.categoryID === row.categoryID);
    if (!category) throw new NotFoundError("Category");
    if (!category.canPost || !category.postTypeIDs.includes(postType.postTypeID))
      throw new PermissionError(["discussions.add"], "You may not start this kind of post in this category.");
    categoryID = category.categoryID;
  }
  return {
    categories,
    categoryID,
    postTypeID: postType.postTypeID,
    postTypes,
    taggingEnabled: context.settings.peek<boolean>("tagging.enabled") === true,
    ...(draftID ? { draftID } : {}),
  };
}
