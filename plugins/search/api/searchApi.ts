import { BreadcrumbSchema } from "@forum/api/categories";
import { DateTime, Nullable } from "@forum/api/common";
import { StringEnum, UserFragmentSchema } from "@forum/api/users";
import { Type, type Static } from "@sinclair/typebox";
import {
  SEARCH_DOMAINS,
  SEARCH_EXPANDS,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_PAGE,
  SEARCH_SORTS,
} from "./searchConstants";

const Text = (maxLength: number) => Type.String({ maxLength });
const Flag = Type.Optional(Type.Boolean());
const Names = Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }));

/** `GET /search` (API.md 15). Arrays take CSV, repeated keys or brackets (API.md 1.5). */
export const SearchQuerySchema = Type.Object({
  query: Type.Optional(Text(500)),
  recordTypes: Names,
  types: Names,
  domain: Type.Optional(StringEnum(SEARCH_DOMAINS)),
  discussionID: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  categoryID: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 100 })),
  followedCategories: Flag,
  includeChildCategories: Flag,
  includeArchivedCategories: Flag,
  knowledgeBaseID: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  knowledgeCategoryIDs: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  name: Type.Optional(Text(250)),
  featured: Flag,
  locale: Type.Optional(Text(20)),
  siteSectionGroup: Type.Optional(Text(100)),
  /** A site section (SPEC 2): only its category subtree; 0 or an unknown section is the whole site. */
  siteSectionID: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  siteSiteSectionGroup: Type.Optional(Text(100)),
  insertUserNames: Names,
  insertUserIDs: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 50 }),
  ),
  dateInserted: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  dateUpdated: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tags: Names,
  tagOperator: Type.Optional(StringEnum(["and", "or"])),
  queryOperator: Type.Optional(StringEnum(["and", "or"])),
  statusID: Type.Optional(Type.Array(Type.Integer())),
  postTypeID: Names,
  sort: Type.Optional(StringEnum(SEARCH_SORTS)),
  expandBody: Flag,
  expand: Type.Optional(Type.Array(StringEnum(SEARCH_EXPANDS))),
  collapse: Flag,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_MAX_PAGE })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_MAX_LIMIT })),
});
export type SearchQuery = Static<typeof SearchQuerySchema>;

export const SearchResultSchema = Type.Object({
  recordType: Type.String(),
  recordID: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  url: Type.String(),
  body: Nullable(Type.String()),
  excerpt: Type.Optional(Type.String()),
  /** The excerpt as HTML with each matched term in `<mark>` (everything else escaped). */
  highlight: Type.Optional(Type.String()),
  score: Type.Integer(),
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(UserFragmentSchema),
  updateUserID: Nullable(Type.Integer()),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  discussionID: Type.Optional(Type.Integer()),
  commentID: Type.Optional(Type.Integer()),
  categoryID: Type.Optional(Type.Integer()),
  breadcrumbs: Type.Optional(Type.Array(BreadcrumbSchema)),
  labelCodes: Type.Optional(Type.Array(Type.String())),
});
export type SearchResult = Static<typeof SearchResultSchema>;
