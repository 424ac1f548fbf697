import { Type, type Static } from "@sinclair/typebox";
import { CategoryFragmentSchema } from "./categories";
import { DateTime, ID, Nullable } from "./common";
import { BodyFormatSchema, MAX_LIST_PAGE } from "./discussions";
import { ReactionSummaryItemSchema } from "./reactions";
import { ReportMetaSchema } from "./reports";
import { StringEnum, UserFragmentSchema } from "./users";

/** Comment (API.md 8.1): the fields this server implements. */
export const CommentSchema = Type.Object({
  commentID: Type.Integer(),
  parentRecordType: Type.Literal("discussion"),
  parentRecordID: Type.Integer(),
  discussionID: Type.Integer(),
  /** The comment this one replies to; absent for a top-level comment. */
  parentCommentID: Type.Optional(Type.Integer()),
  depth: Type.Integer(),
  name: Type.String(),
  body: Type.Optional(Type.String()),
  bodyRaw: Type.Optional(Type.String()),
  format: BodyFormatSchema,
  categoryID: Type.Integer(),
  category: Type.Optional(CategoryFragmentSchema),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUserID: Type.Integer(),
  insertUser: Type.Optional(UserFragmentSchema),
  updateUserID: Nullable(Type.Integer()),
  score: Type.Integer(),
  scoreChildComments: Type.Integer(),
  countChildComments: Type.Integer(),
  url: Type.String(),
  reactions: Type.Optional(Type.Array(ReactionSummaryItemSchema)),
  /** `expand=reportMeta`: the open reports, for viewers who moderate the comment's category (API.md 2.10). */
  reportMeta: Type.Optional(ReportMetaSchema),
  attributes: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type Comment = Static<typeof CommentSchema>;

export const COMMENT_EXPANDS = [
  "all",
  "insertUser",
  "-insertUser",
  "-body",
  "raw",
  "category",
  "reactions",
  "reportMeta",
] as const;
export type CommentExpand = (typeof COMMENT_EXPANDS)[number];
export const CommentExpandSchema = Type.Array(StringEnum(COMMENT_EXPANDS));

const COMMENT_SORT_FIELDS = ["dateInserted", "commentID", "score", "experimentalTrending"] as const;
export const COMMENT_SORTS = [
  ...COMMENT_SORT_FIELDS,
  ...COMMENT_SORT_FIELDS.map((field) => `-${field}` as const),
] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

export const CommentListQuerySchema = Type.Object({
  discussionID: Type.Optional(ID),
  parentRecordType: Type.Optional(StringEnum(["discussion"])),
  parentRecordID: Type.Optional(ID),
  insertUserID: Type.Optional(ID),
  sort: Type.Optional(StringEnum(COMMENT_SORTS)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_PAGE })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(CommentExpandSchema),
});
export type CommentListQuery = Static<typeof CommentListQuerySchema>;

export const CommentIDParamsSchema = Type.Object({ id: ID });
export const CommentGetQuerySchema = Type.Object({ expand: Type.Optional(CommentExpandSchema) });

export const CommentPostSchema = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 200000 }),
  format: BodyFormatSchema,
  discussionID: Type.Optional(ID),
  parentRecordType: Type.Optional(StringEnum(["discussion"])),
  parentRecordID: Type.Optional(ID),
  parentCommentID: Type.Optional(Nullable(ID)),
  /** The author's draft this comment was written in: deleted with the post (API.md 8.4). */
  draftID: Type.Optional(ID),
});
export type CommentPost = Static<typeof CommentPostSchema>;

export const CommentPatchSchema = Type.Object({
  body: Type.Optional(CommentPostSchema.properties.body),
  format: Type.Optional(BodyFormatSchema),
});
export type CommentPatch = Static<typeof CommentPatchSchema>;

/** `GET /comments/{id}/edit` (API.md 8.2). */
export const CommentEditSchema = Type.Object({
  commentID: Type.Integer(),
  discussionID: Type.Integer(),
  parentRecordType: Type.Literal("discussion"),
  parentRecordID: Type.Integer(),
  body: Type.String(),
  format: BodyFormatSchema,
});
export type CommentEdit = Static<typeof CommentEditSchema>;

/** `GET /comments/{id}/quote` (API.md 8.2). */
export const CommentQuoteSchema = Type.Object({
  commentID: Type.Integer(),
  bodyRaw: Type.Unknown(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUser: UserFragmentSchema,
  url: Type.String(),
  format: BodyFormatSchema,
});
export type CommentQuote = Static<typeof CommentQuoteSchema>;
