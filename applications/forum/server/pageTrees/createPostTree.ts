import type { AppContext } from "@library/server/app/appContext";
import { node } from "@library/server/pages/pageTree";
import { postableCategories } from "../pages/postableCategories";
import { builtPage, type BuiltPage, type PageTreeRequest } from "./builtPage";

/** `/post/discussion[/{categoryID}]` (layout `createPost`): the new-discussion form. */
export async function buildCreatePostPage(
  context: AppContext,
  request: PageTreeRequest,
  args: { categoryID: number | null },
): Promise<BuiltPage> {
  const title = request.t("New Discussion");
  const categories = await postableCategories(context, request.viewer);
  return builtPage(
    "createPost",
    title,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [
          node("CreatePostFormAsset", {
            title,
            form: node("NewDiscussionForm", { categories, categoryID: args.categoryID }),
          }),
        ],
      }),
    ],
    { canonicalPath: args.categoryID ? `/post/discussion/${args.categoryID}` : "/post/discussion" },
  );
}
