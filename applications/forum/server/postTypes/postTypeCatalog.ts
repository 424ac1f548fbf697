import type { PostType } from "@forum/api/postTypes";
import type { AppContext } from "@library/server/app/appContext";
import type { PostTypeDeclaration } from "@library/server/addons/discussionTypes";

/** A post type with the add-on's own checks (not part of the API shape). */
export interface CatalogPostType extends PostType {
  validate?: PostTypeDeclaration["validate"];
}

/**
 * The post types members can create now: each available discussion type (`discussion` first), given its
 * fields by a post type of the same id, then the add-ons' other post types.
 */
export function postTypeCatalog(context: AppContext): CatalogPostType[] {
  const declared = new Map(context.discussionTypes.postTypes().map((type) => [type.postTypeID, type]));
  const ofDeclaration = (declaration: PostTypeDeclaration, baseType: string): CatalogPostType => ({
    postTypeID: declaration.postTypeID,
    baseType,
    label: declaration.label,
    fields: declaration.fields ?? [],
    ...(declaration.validate ? { validate: declaration.validate } : {}),
  });
  const base = context.discussionTypes.available().map((type): CatalogPostType => {
    const own = declared.get(type.type);
    declared.delete(type.type);
    return own
      ? ofDeclaration(own, type.type)
      : { postTypeID: type.type, baseType: type.type, label: type.label, fields: [] };
  });
  return [
    ...base,
    ...[...declared.values()].map((declaration) =>
      ofDeclaration(declaration, declaration.baseType ?? "discussion"),
    ),
  ];
}

/** The API shape of the catalog (GET /post-types, the create-post page). */
export function availablePostTypes(context: AppContext): PostType[] {
  return postTypeCatalog(context).map(({ validate: _validate, ...postType }) => postType);
}

/** The post types of `available` a category allows (its `allowedDiscussionTypes` name base types). */
export function postTypesAllowedIn<T extends PostType>(
  available: T[],
  allowedDiscussionTypes: string[],
): T[] {
  return available.filter((postType) => allowedDiscussionTypes.includes(postType.baseType));
}
