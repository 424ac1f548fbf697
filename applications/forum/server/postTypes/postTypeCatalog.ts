import type { PostType } from "@forum/api/postTypes";
import type { AppContext } from "@library/server/app/appContext";

/** The post types members can create now, the built-in `discussion` first. */
export function availablePostTypes(context: AppContext): PostType[] {
  return context.discussionTypes.available().map((declaration) => ({
    postTypeID: declaration.type,
    baseType: declaration.type,
    label: declaration.label,
    fields: [],
  }));
}

/** The post types of `available` a category allows (its `allowedDiscussionTypes` name base types). */
export function postTypesAllowedIn(available: PostType[], allowedDiscussionTypes: string[]): PostType[] {
  return available.filter((postType) => allowedDiscussionTypes.includes(postType.baseType));
}
