import { Type, type Static, type TObject, type TUnsafe } from "@sinclair/typebox";
import { DateTime, ID, Nullable } from "./common";
import { StringEnum, UserFragmentSchema } from "./users";
import { LongRunnerQuerySchema } from "./longRunner";

/** How a category shows its content (API.md 6.1); only `discussions` and `flat` accept posts. */
export const CATEGORY_DISPLAY_TYPES = ["categories", "discussions", "flat", "heading"] as const;
export type CategoryDisplayAs = (typeof CATEGORY_DISPLAY_TYPES)[number];

/** How a category's discussions show their comments: in date order, or replies nested under their parent. */
export const REPLY_DISPLAYS = ["flat", "threaded"] as const;
export type ReplyDisplay = (typeof REPLY_DISPLAYS)[number];

/** Base discussion types a category may allow. */
export const DISCUSSION_TYPES = ["discussion", "question", "idea", "poll"] as const;

/** CategoryFragment (API.md 2.2). */
export const CategoryFragmentSchema = Type.Object({
  categoryID: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
});
export type CategoryFragment = Static<typeof CategoryFragmentSchema>;

/** Breadcrumb (API.md 2.3): root → leaf, the home crumb first. */
export const BreadcrumbSchema = Type.Object({ name: Type.String(), url: Type.String() });
export type Breadcrumb = Static<typeof BreadcrumbSchema>;

/** The latest post in a category (`expand=lastPost`). */
export const CategoryLastPostSchema = Type.Object({
  discussionID: Type.Integer(),
  commentID: Type.Optional(Type.Integer()),
  name: Type.String(),
  url: Type.String(),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(UserFragmentSchema),
});

const categoryFields = {
  categoryID: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  parentCategoryID: Nullable(Type.Integer()),
  customPermissions: Type.Boolean(),
  isArchived: Type.Boolean(),
  urlcode: Type.String(),
  url: Type.String(),
  displayAs: StringEnum(CATEGORY_DISPLAY_TYPES),
  iconUrl: Nullable(Type.String()),
  bannerUrl: Nullable(Type.String()),
  dateInserted: DateTime,
  countCategories: Type.Integer(),
  countDiscussions: Type.Integer(),
  countComments: Type.Integer(),
  countAllDiscussions: Type.Integer(),
  countAllComments: Type.Integer(),
  countFollowers: Type.Integer(),
  followed: Type.Boolean(),
  dateFollowed: Type.Optional(DateTime),
  depth: Type.Integer(),
  featured: Type.Boolean(),
  allowedDiscussionTypes: Type.Array(Type.String()),
  /** New posts in this category are held for a moderator's approval. */
  preModeration: Type.Boolean(),
  replyDisplay: StringEnum(REPLY_DISPLAYS),
  breadcrumbs: Type.Optional(Type.Array(BreadcrumbSchema)),
  parent: Type.Optional(CategoryFragmentSchema),
  permissions: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  lastPost: Type.Optional(Nullable(CategoryLastPostSchema)),
};

const CategoryFieldsSchema = Type.Object(categoryFields);

/** Category (API.md 6.1); `children` only in tree output. */
export interface Category extends Static<typeof CategoryFieldsSchema> {
  children?: Category[];
}

/** Tree output is at most this many levels deep (the response schema is written out, not recursive). */
export const MAX_CATEGORY_TREE_DEPTH = 6;

function withChildren(levels: number): TObject {
  if (levels <= 1) return CategoryFieldsSchema;
  return Type.Object({
    ...categoryFields,
    children: Type.Optional(Type.Array(withChildren(levels - 1))),
  });
}

/** The response schema of a Category (an allow-list), with `children` up to MAX_CATEGORY_TREE_DEPTH levels. */
export const CategorySchema: TUnsafe<Category> = Type.Unsafe<Category>(withChildren(MAX_CATEGORY_TREE_DEPTH));

const CategoryExpand = Type.Array(StringEnum(["lastPost", "permissions", "preferences", "all"]));

export const CategoryListQuerySchema = Type.Object({
  /** Range expression: `5`, `1,2,3`, `1..10`. */
  categoryID: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  parentCategoryID: Type.Optional(Type.Integer({ minimum: 1 })),
  parentCategoryCode: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  includeParentCategory: Type.Optional(Type.Boolean()),
  /** A site section's root category and its subtree (ignored with `categoryID` or a parent). */
  siteSectionID: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  followed: Type.Optional(Type.Boolean()),
  maxDepth: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
  archived: Type.Optional(Nullable(Type.Boolean())),
  featured: Type.Optional(Type.Boolean()),
  outputFormat: Type.Optional(StringEnum(["flat", "tree"])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  expand: Type.Optional(CategoryExpand),
});
export type CategoryListQuery = Static<typeof CategoryListQuerySchema>;

/** `{id}` is a category id or its urlcode. */
export const CategoryIDParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
export const CategoryNumericIDParamsSchema = Type.Object({ id: ID });

export const CategoryGetQuerySchema = Type.Object({ expand: Type.Optional(CategoryExpand) });

export const CategorySearchQuerySchema = Type.Object({
  query: Type.String({ maxLength: 100 }),
  parentCategoryID: Type.Optional(Type.Integer({ minimum: 1 })),
  displayAs: Type.Optional(Type.Array(StringEnum(CATEGORY_DISPLAY_TYPES))),
  expand: Type.Optional(Type.Array(StringEnum(["breadcrumbs", "parent", "all"]))),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
export type CategorySearchQuery = Static<typeof CategorySearchQuerySchema>;

export const CategoryFollowBodySchema = Type.Object({ followed: Type.Boolean() });
export const CategoryFollowResultSchema = Type.Object({ followed: Type.Boolean() });

/** Per-role grants for a category with custom permissions (PermissionFragment-like). */
export const CategoryRolePermissionsSchema = Type.Object({
  roleID: ID,
  permissions: Type.Record(Type.String(), Type.Boolean()),
});
export type CategoryRolePermissions = Static<typeof CategoryRolePermissionsSchema>;

const categoryWriteFields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  urlcode: Type.String({ minLength: 1, maxLength: 255, pattern: "^[A-Za-z0-9][A-Za-z0-9_-]*$" }),
  parentCategoryID: Nullable(Type.Integer({ minimum: 1 })),
  displayAs: StringEnum(CATEGORY_DISPLAY_TYPES),
  customPermissions: Type.Boolean(),
  description: Nullable(Type.String({ maxLength: 1000 })),
  featured: Type.Boolean(),
  isArchived: Type.Boolean(),
  iconUrl: Nullable(Type.String({ maxLength: 500 })),
  bannerUrl: Nullable(Type.String({ maxLength: 500 })),
  allowedDiscussionTypes: Type.Array(StringEnum(DISCUSSION_TYPES), { minItems: 1 }),
  preModeration: Type.Boolean(),
  replyDisplay: StringEnum(REPLY_DISPLAYS),
  sort: Type.Integer({ minimum: 0 }),
  permissions: Type.Array(CategoryRolePermissionsSchema),
};

export const CategoryPostSchema = Type.Object({
  name: categoryWriteFields.name,
  urlcode: categoryWriteFields.urlcode,
  parentCategoryID: Type.Optional(categoryWriteFields.parentCategoryID),
  displayAs: Type.Optional(categoryWriteFields.displayAs),
  customPermissions: Type.Optional(categoryWriteFields.customPermissions),
  description: Type.Optional(categoryWriteFields.description),
  featured: Type.Optional(categoryWriteFields.featured),
  isArchived: Type.Optional(categoryWriteFields.isArchived),
  iconUrl: Type.Optional(categoryWriteFields.iconUrl),
  bannerUrl: Type.Optional(categoryWriteFields.bannerUrl),
  allowedDiscussionTypes: Type.Optional(categoryWriteFields.allowedDiscussionTypes),
  preModeration: Type.Optional(categoryWriteFields.preModeration),
  replyDisplay: Type.Optional(categoryWriteFields.replyDisplay),
  sort: Type.Optional(categoryWriteFields.sort),
  permissions: Type.Optional(categoryWriteFields.permissions),
});
export type CategoryPost = Static<typeof CategoryPostSchema>;

export const CategoryPatchSchema = Type.Partial(CategoryPostSchema);
export type CategoryPatch = Static<typeof CategoryPatchSchema>;

export const CategoryDeleteQuerySchema = Type.Object({
  newCategoryID: Type.Optional(Type.Integer({ minimum: 1 })),
  /** A big category is emptied through the long runner (API.md 28). */
  ...LongRunnerQuerySchema.properties,
});

/** `PUT /categories/tree`: new places of some categories (parent and order among siblings), applied as one write. */
export const CategoryTreeOrderSchema = Type.Array(
  Type.Object({
    categoryID: Type.Integer({ minimum: 1 }),
    parentCategoryID: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]),
    sort: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  }),
  { minItems: 1, maxItems: 1000 },
);
export type CategoryTreeOrder = Static<typeof CategoryTreeOrderSchema>;
