import { Type, type Static } from "@sinclair/typebox";
import { REPLY_DISPLAYS } from "./categories";
import { CommentExpandSchema, CommentSchema } from "./comments";
import { ID, Nullable } from "./common";
import { MAX_LIST_PAGE } from "./discussions";
import { StringEnum } from "./users";

/** `DELETE /comments/{id}` body (API.md 8.6): `full` removes the comment with its replies, `tombstone` leaves a placeholder. */
export const COMMENT_DELETE_METHODS = ["full", "tombstone"] as const;
export type CommentDeleteMethod = (typeof COMMENT_DELETE_METHODS)[number];
export const CommentDeleteBodySchema = Type.Union([
  Type.Null(),
  Type.Object({ deleteMethod: Type.Optional(StringEnum(COMMENT_DELETE_METHODS)) }),
]);
export type CommentDeleteBody = Static<typeof CommentDeleteBodySchema>;

/** Comment display modes (SPEC 9): a comment, or the placeholder of a comment deleted as a tombstone. */
export const COMMENT_DISPLAY_MODES = ["full", "tombstone"] as const;

export const THREAD_SORTS = ["dateInserted", "-dateInserted", "-score"] as const;

/** `GET /comments/thread`: one page of a discussion's top-level comments (or of one comment's replies) as a tree. */
export const CommentThreadQuerySchema = Type.Object({
  discussionID: ID,
  /** The replies of this comment instead of the top-level comments. */
  parentCommentID: Type.Optional(ID),
  /** Expands the path down to this comment and the replies under it. */
  focusCommentID: Type.Optional(ID),
  sort: Type.Optional(StringEnum(THREAD_SORTS)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_PAGE })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(CommentExpandSchema),
});
export type CommentThreadQuery = Static<typeof CommentThreadQuerySchema>;

/** A comment of a thread: the Comment object with its display mode (a tombstone has no body and no author). */
export const ThreadCommentSchema = Type.Object({
  ...CommentSchema.properties,
  displayMode: StringEnum(COMMENT_DISPLAY_MODES),
});
export type ThreadComment = Static<typeof ThreadCommentSchema>;

/**
 * One entry of `threadStructure`, in reading order (each comment before its replies): a comment, or a hole
 * where replies were left out — `more` (replies beyond those shown: `apiUrl` loads them) or `depth` (deeper
 * than the page shows: 'Continue this thread' at `url`).
 */
export const ThreadItemSchema = Type.Union([
  Type.Object({
    type: Type.Literal("comment"),
    commentID: Type.Integer(),
    parentCommentID: Nullable(Type.Integer()),
    depth: Type.Integer(),
  }),
  Type.Object({
    type: Type.Literal("hole"),
    reason: StringEnum(["more", "depth"]),
    parentCommentID: Type.Integer(),
    depth: Type.Integer(),
    countAllComments: Type.Integer(),
    url: Type.String(),
    apiUrl: Type.String(),
  }),
]);
export type ThreadItem = Static<typeof ThreadItemSchema>;

export const CommentThreadSchema = Type.Object({
  threadStructure: Type.Array(ThreadItemSchema),
  commentsByID: Type.Record(Type.String(), ThreadCommentSchema),
});
export type CommentThread = Static<typeof CommentThreadSchema>;

/** `GET|PUT /comments/reply-display`: the reader's own choice of flat or threaded replies (null: the category's). */
export const ReplyDisplayPreferenceSchema = Type.Object({
  replyDisplay: Nullable(StringEnum(REPLY_DISPLAYS)),
});
export type ReplyDisplayPreference = Static<typeof ReplyDisplayPreferenceSchema>;
