import { Type, type Static } from "@sinclair/typebox";
import { BreadcrumbSchema, CategoryFragmentSchema } from "./categories";
import { DateTime, ID, Nullable } from "./common";
import { ReactionSummaryItemSchema } from "./reactions";
import { ReportMetaSchema } from "./reports";
import { DiscussionTagFields, TagFragmentSchema } from "./tags";
import { BODY_FORMATS } from "./rich2";
import { StringEnum, UserFragmentSchema } from "./users";

export const BodyFormatSchema = StringEnum(BODY_FORMATS);

/** PostFragment (API.md 7.1 `lastPost`). */
export const PostFragmentSchema = Type.Object({
  discussionID: Type.Integer(),
  commentID: Type.Optional(Type.Integer()),
  name: Type.String(),
  url: Type.String(),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(UserFragmentSchema),
});
export type PostFragment = Static<typeof PostFragmentSchema>;

export const PIN_LOCATIONS = ["category", "recent"] as const;

/** Discussion (API.md 7.1): the fields this server implements. */
export const DiscussionSchema = Type.Object({
  discussionID: Type.Integer(),
  type: Nullable(Type.String()),
  /** The post type (API.md 7.1); equals `type` for the built-in types. */
  postTypeID: Type.Optional(Type.String()),
  /** The post type's own fields (registered by the type's add-on). */
  postMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  name: Type.String(),
  body: Type.Optional(Type.String()),
  excerpt: Type.Optional(Type.String()),
  bodyRaw: Type.Optional(Type.String()),
  format: BodyFormatSchema,
  categoryID: Type.Integer(),
  category: Type.Optional(CategoryFragmentSchema),
  url: Type.String(),
  canonicalUrl: Type.String(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  dateLastComment: Nullable(DateTime),
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(UserFragmentSchema),
  updateUserID: Nullable(Type.Integer()),
  lastUserID: Type.Integer(),
  lastUser: Type.Optional(UserFragmentSchema),
  lastPost: Type.Optional(PostFragmentSchema),
  pinned: Type.Boolean(),
  pinLocation: Nullable(StringEnum(PIN_LOCATIONS)),
  announce: Type.Boolean(),
  closed: Type.Boolean(),
  sink: Type.Boolean(),
  countComments: Type.Integer(),
  countViews: Type.Integer(),
  score: Nullable(Type.Integer()),
  hot: Type.Integer(),
  statusID: Type.Integer(),
  resolved: Type.Optional(Type.Boolean()),
  bookmarked: Type.Boolean(),
  unread: Type.Boolean(),
  countUnread: Type.Optional(Type.Integer()),
  /** When the session user last opened it; null when never (a 'New' discussion) and for guests. */
  dateLastViewed: Type.Optional(Nullable(DateTime)),
  dismissed: Type.Boolean(),
  muted: Type.Boolean(),
  /** Add-on data about the discussion (always an object; API clients read it unconditionally). */
  attributes: Type.Record(Type.String(), Type.Unknown()),
  breadcrumbs: Type.Optional(Type.Array(BreadcrumbSchema)),
  reactions: Type.Optional(Type.Array(ReactionSummaryItemSchema)),
  permissions: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  /** `expand=tags` / `expand=tagIDs` (API.md 7.1). */
  tags: Type.Optional(Type.Array(TagFragmentSchema)),
  tagIDs: Type.Optional(Type.Array(Type.Integer())),
  /** `expand=reportMeta`: the open reports, for viewers who moderate the discussion's category (API.md 2.10). */
  reportMeta: Type.Optional(ReportMetaSchema),
});
export type Discussion = Static<typeof DiscussionSchema>;

export const DISCUSSION_EXPANDS = [
  "all",
  "insertUser",
  "-insertUser",
  "lastUser",
  "lastPost",
  "category",
  "breadcrumbs",
  "excerpt",
  "-body",
  "raw",
  "permissions",
  "reactions",
  "tags",
  "tagIDs",
  "reportMeta",
] as const;
export type DiscussionExpand = (typeof DISCUSSION_EXPANDS)[number];
export const DiscussionExpandSchema = Type.Array(StringEnum(DISCUSSION_EXPANDS));

const DISCUSSION_SORT_FIELDS = ["dateLastComment", "dateInserted", "discussionID", "score", "hot"] as const;
export const DISCUSSION_SORTS = [
  ...DISCUSSION_SORT_FIELDS,
  ...DISCUSSION_SORT_FIELDS.map((field) => `-${field}` as const),
] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number];

/** The deepest page a list serves (DECISION: deep pages stay cheap, so the cap is high). */
export const MAX_LIST_PAGE = 10000;

export const DiscussionListQuerySchema = Type.Object({
  /** Range expression (API.md 1.6). */
  discussionID: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  /** One id or a CSV of ids; ranges are refused. */
  categoryID: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  includeChildCategories: Type.Optional(Type.Boolean()),
  /** A site section's categories (ignored when `categoryID` is given). */
  siteSectionID: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  followed: Type.Optional(Type.Boolean()),
  insertUserID: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  dateInserted: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  dateUpdated: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  dateLastComment: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  type: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }))),
  pinned: Type.Optional(Type.Boolean()),
  pinOrder: Type.Optional(StringEnum(["first", "mixed"])),
  hasComments: Type.Optional(Type.Boolean()),
  /** Public statuses (ideas, questions: API.md 7.1): discussions whose `statusID` is any of them. */
  statusID: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 50 })),
  /** One tag id or a CSV of ids: discussions carrying any of them (the tag page). */
  tagID: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  /** Session user only: `unread` = has comments they have not read (or never opened), `new` = never opened. */
  readState: Type.Optional(StringEnum(["unread", "new"])),
  excerptLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  sort: Type.Optional(StringEnum(DISCUSSION_SORTS)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_PAGE })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(DiscussionExpandSchema),
});
export type DiscussionListQuery = Static<typeof DiscussionListQuerySchema>;

export const DiscussionIDParamsSchema = Type.Object({ id: ID });
export const DiscussionGetQuerySchema = Type.Object({
  expand: Type.Optional(DiscussionExpandSchema),
  excerptLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
});
export type DiscussionGetQuery = Static<typeof DiscussionGetQuerySchema>;

export const DiscussionPostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 250 }),
  body: Type.String({ minLength: 1, maxLength: 200000 }),
  format: BodyFormatSchema,
  categoryID: ID,
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  postTypeID: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  postMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** The group the discussion is posted in (read by the add-on that keeps groups; ignored while none runs). */
  groupID: Type.Optional(ID),
  draftID: Type.Optional(ID),
  closed: Type.Optional(Type.Boolean()),
  sink: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  pinLocation: Type.Optional(Nullable(StringEnum(PIN_LOCATIONS))),
  resolved: Type.Optional(Type.Boolean()),
  ...DiscussionTagFields,
});
export type DiscussionPost = Static<typeof DiscussionPostSchema>;

export const DiscussionPatchSchema = Type.Object({
  name: Type.Optional(DiscussionPostSchema.properties.name),
  body: Type.Optional(DiscussionPostSchema.properties.body),
  format: Type.Optional(BodyFormatSchema),
  categoryID: Type.Optional(ID),
  closed: Type.Optional(Type.Boolean()),
  sink: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  pinLocation: Type.Optional(Nullable(StringEnum(PIN_LOCATIONS))),
  resolved: Type.Optional(Type.Boolean()),
  insertUserID: Type.Optional(ID),
  postMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  draftID: Type.Optional(ID),
  ...DiscussionTagFields,
  /** With `categoryID`: leave a redirect in the old category that leads to the moved discussion (API.md 7.14). */
  addRedirects: Type.Optional(Type.Boolean()),
});
export type DiscussionPatch = Static<typeof DiscussionPatchSchema>;

/** `GET /discussions/{id}/edit` (API.md 7.8). */
export const DiscussionEditSchema = Type.Object({
  discussionID: Type.Integer(),
  name: Type.String(),
  body: Type.String(),
  format: BodyFormatSchema,
  categoryID: Type.Integer(),
  sink: Type.Boolean(),
  closed: Type.Boolean(),
  pinned: Type.Boolean(),
  pinLocation: Nullable(StringEnum(PIN_LOCATIONS)),
  type: Nullable(Type.String()),
  postTypeID: Nullable(Type.String()),
  postMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** When tagging is on. */
  tagIDs: Type.Optional(Type.Array(Type.Integer())),
});
export type DiscussionEdit = Static<typeof DiscussionEditSchema>;

/** `GET /discussions/{id}/quote` (API.md 7.8); `bodyRaw` is parsed JSON for rich2. */
export const DiscussionQuoteSchema = Type.Object({
  discussionID: Type.Integer(),
  name: Type.String(),
  bodyRaw: Type.Unknown(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUser: UserFragmentSchema,
  url: Type.String(),
  format: BodyFormatSchema,
});
export type DiscussionQuote = Static<typeof DiscussionQuoteSchema>;
