import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { getCategoryTree } from "../categories/categoryTree";
import { categoryTreeView } from "./listViews";

export interface PostableCategory {
  categoryID: number;
  name: string;
  depth: number;
  canPost: boolean;
}

/** The categories of the new-discussion form, in tree order: those the viewer can post in are selectable. */
export async function postableCategories(context: AppContext, viewer: Viewer): Promise<PostableCategory[]> {
  const [tree, visible] = await Promise.all([getCategoryTree(context.db), categoryTreeView(context, viewer)]);
  const out: PostableCategory[] = [];
  const walk = (categories: typeof visible, depth: number) => {
    for (const category of categories) {
      const row = tree.get(category.categoryID);
      const accepts = row !== undefined && (row.displayAs === "discussions" || row.displayAs === "flat");
      out.push({
        categoryID: category.categoryID,
        name: category.name,
        depth,
        canPost:
          accepts &&
          !category.isArchived &&
          viewer.has("discussions.add", { type: "category", id: category.categoryID }),
      });
      walk(category.children ?? [], depth + 1);
    }
  };
  walk(visible, 1);
  return out;
}
