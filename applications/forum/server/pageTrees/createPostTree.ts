import type { CreatePostPath } from "@forum/api/postPagePaths";
import type { AppContext } from "@library/server/app/appContext";
import { node } from "@library/server/pages/pageTree";
import { createPostProps } from "../pageParts/createPostProps";
import { builtPage, type BuiltPage, type PageTreeRequest } from "./builtPage";

/** The create-post address of a layout query's params (`postType`, `parentRecordType`, `parentRecordID`). */
export function createPostPathOf(params: Record<string, string | undefined>): CreatePostPath {
  const parentRecordID = params.parentRecordID ?? null;
  return {
    kind: "create",
    postType: params.postType ?? "discussion",
    parentRecordType: params.parentRecordType === "group" ? "group" : "category",
    parentRecordID,
  };
}

/** `/post/discussion[/{categoryID}]` and `/post/{postType}/{parentID}` (layout `createPost`): the create form. */
export async function buildCreatePostPage(
  context: AppContext,
  request: PageTreeRequest,
  path: CreatePostPath,
): Promise<BuiltPage> {
  const title = request.t("New Discussion");
  const props = await createPostProps(context, request.viewer, path);
  const canonicalPath = path.parentRecordID
    ? `/post/${props.postTypeID ?? path.postType}/${props.categoryID ?? path.parentRecordID}`
    : "/post/discussion";
  return builtPage(
    "createPost",
    title,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [node("CreatePostFormAsset", { title, form: node("NewDiscussionForm", props) })],
      }),
    ],
    { canonicalPath },
  );
}
