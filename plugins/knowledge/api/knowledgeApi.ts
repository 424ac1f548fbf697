import { DateTime, Nullable } from "@forum/api/common";
import { StringEnum, UserFragmentSchema } from "@forum/api/users";
import { Type, type Static } from "@sinclair/typebox";

/** The knowledge add-on's contract (Vanilla's `/knowledge-bases`, `/knowledge-categories`, `/articles`). */

export const KB_VIEW_TYPES = ["guide", "help"] as const;
export type KnowledgeBaseViewType = (typeof KB_VIEW_TYPES)[number];
export const ARTICLE_STATUSES = ["published", "draft"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const HELPFUL_VALUES = ["yes", "no"] as const;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Sort = Type.Integer({ minimum: -1000000, maximum: 1000000 });
const Name = Type.String({ minLength: 1, maxLength: 100 });
export const URL_CODE_PATTERN = "^[a-z0-9][a-z0-9-]{0,99}$";

export const KnowledgeBaseSchema = Type.Object({
  knowledgeBaseID: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  urlCode: Type.String(),
  /** `guide`: articles read in order with previous and next; `help`: categories with their articles. */
  viewType: StringEnum(KB_VIEW_TYPES),
  /** The category every base has; a guide's articles sit in it. */
  rootCategoryID: Type.Integer(),
  countArticles: Type.Integer(),
  countCategories: Type.Integer(),
  url: Type.String(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
});
export type KnowledgeBase = Static<typeof KnowledgeBaseSchema>;

export const KnowledgeBasePostSchema = Type.Object({
  name: Name,
  description: Type.Optional(Type.String({ maxLength: 500 })),
  urlCode: Type.String({ pattern: URL_CODE_PATTERN }),
  viewType: Type.Optional(StringEnum(KB_VIEW_TYPES)),
});
export type KnowledgeBasePost = Static<typeof KnowledgeBasePostSchema>;
export const KnowledgeBasePatchSchema = Type.Partial(KnowledgeBasePostSchema);
export type KnowledgeBasePatch = Static<typeof KnowledgeBasePatchSchema>;

export const KnowledgeCategorySchema = Type.Object({
  knowledgeCategoryID: Type.Integer(),
  knowledgeBaseID: Type.Integer(),
  /** Null for the base's root category. */
  parentID: Nullable(Type.Integer()),
  name: Type.String(),
  sort: Type.Integer(),
  countArticles: Type.Integer(),
  url: Type.String(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
});
export type KnowledgeCategory = Static<typeof KnowledgeCategorySchema>;

export const KnowledgeCategoryPostSchema = Type.Object({
  knowledgeBaseID: Id,
  /** Default: the base's root category. */
  parentID: Type.Optional(Id),
  name: Name,
  sort: Type.Optional(Sort),
});
export type KnowledgeCategoryPost = Static<typeof KnowledgeCategoryPostSchema>;
export const KnowledgeCategoryPatchSchema = Type.Partial(
  Type.Object({ parentID: Id, name: Name, sort: Sort }),
);
export type KnowledgeCategoryPatch = Static<typeof KnowledgeCategoryPatchSchema>;
export const KnowledgeCategoryListQuerySchema = Type.Object({ knowledgeBaseID: Type.Optional(Id) });

export const HelpfulSchema = Type.Object({
  yes: Type.Integer(),
  no: Type.Integer(),
  /** The viewer's own vote. */
  userVote: Nullable(StringEnum(HELPFUL_VALUES)),
});

export const ArticleSchema = Type.Object({
  articleID: Type.Integer(),
  knowledgeBaseID: Type.Integer(),
  knowledgeCategoryID: Type.Integer(),
  name: Type.String(),
  /** Sanitised HTML, rendered when written. */
  body: Type.String(),
  /** The body as written, in `format`. */
  bodyRaw: Type.String(),
  format: Type.String(),
  excerpt: Type.String(),
  status: StringEnum(ARTICLE_STATUSES),
  /** Order in a guide and in its category (lower first). */
  sort: Type.Integer(),
  url: Type.String(),
  /** The discussion the article was made from ('turn this answer into an article'). */
  discussionID: Nullable(Type.Integer()),
  commentID: Nullable(Type.Integer()),
  helpful: HelpfulSchema,
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
});
export type Article = Static<typeof ArticleSchema>;

const ArticleFields = {
  knowledgeCategoryID: Id,
  name: Type.String({ minLength: 1, maxLength: 255 }),
  body: Type.String({ maxLength: 200000 }),
  format: Type.Optional(Type.String({ maxLength: 20 })),
  status: Type.Optional(StringEnum(ARTICLE_STATUSES)),
  sort: Type.Optional(Sort),
};
export const ArticlePostSchema = Type.Object(ArticleFields);
export type ArticlePost = Static<typeof ArticlePostSchema>;
export const ArticlePatchSchema = Type.Partial(Type.Object(ArticleFields));
export type ArticlePatch = Static<typeof ArticlePatchSchema>;

/** A draft article made from a discussion or one of its comments. */
export const ArticleFromDiscussionSchema = Type.Object({
  discussionID: Id,
  commentID: Type.Optional(Id),
  knowledgeCategoryID: Id,
});
export type ArticleFromDiscussion = Static<typeof ArticleFromDiscussionSchema>;

export const ArticleListQuerySchema = Type.Object({
  knowledgeCategoryID: Type.Optional(Id),
  knowledgeBaseID: Type.Optional(Id),
  discussionID: Type.Optional(Id),
  /** Default `published`; drafts are listed for editors, and each member's own. */
  status: Type.Optional(StringEnum(ARTICLE_STATUSES)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ArticleListQuery = Static<typeof ArticleListQuerySchema>;

export const ArticleRevisionSchema = Type.Object({
  articleRevisionID: Type.Integer(),
  articleID: Type.Integer(),
  name: Type.String(),
  body: Type.String(),
  format: Type.String(),
  status: StringEnum(ARTICLE_STATUSES),
  insertUserID: Type.Integer(),
  /** Who wrote this revision (its author's name and photo). */
  insertUser: UserFragmentSchema,
  dateInserted: DateTime,
});
export type ArticleRevision = Static<typeof ArticleRevisionSchema>;

export const ArticleReactBodySchema = Type.Object({
  reactionType: Type.Optional(StringEnum(["helpful"])),
  helpful: StringEnum(HELPFUL_VALUES),
});

export const KnowledgeIDParamsSchema = Type.Object({ id: Id });
