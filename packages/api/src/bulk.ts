import { Type, type Static } from "@sinclair/typebox";
import { ID } from "./common";
import { BodyFormatSchema } from "./discussions";
import { LongRunnerResultSchema } from "./longRunner";

/** API.md 1.11 / 7.14: at most 50 ids per bulk call; duplicates are removed. */
export const BULK_MAX_IDS = 50;

const IDList = Type.Array(ID, { minItems: 1, maxItems: BULK_MAX_IDS });

/** SPEC 5: merging needs at least two discussions. */
export const MERGE_NEEDS_TWO = "You must select at least 2 discussions to merge.";
export const MERGE_TARGET_NOT_SELECTED = "The destination must be one of the selected discussions.";
export const REDIRECT_CANNOT_MOVE = "Redirects cannot be moved.";
export const COMMENTS_NOT_FOUND = "Comments not found.";
export const COMMENTS_FROM_MULTIPLE_DISCUSSIONS = "Comments from multiple discussions selected.";
export const COMMENTS_FROM_DIFFERENT_PARENTS = "Comments must belong to the same parent record.";

/** `DELETE /discussions/list`. */
export const BulkDeleteDiscussionsSchema = Type.Object({ discussionIDs: IDList });
export type BulkDeleteDiscussions = Static<typeof BulkDeleteDiscussionsSchema>;

/** `PATCH /discussions/move`: `addRedirects` leaves a redirect stub in the old category. */
export const BulkMoveDiscussionsSchema = Type.Object({
  discussionIDs: IDList,
  categoryID: ID,
  addRedirects: Type.Optional(Type.Boolean({ default: false })),
  postTypeID: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
});
export type BulkMoveDiscussions = Static<typeof BulkMoveDiscussionsSchema>;

/** `PATCH /discussions/close`. */
export const BulkCloseDiscussionsSchema = Type.Object({
  discussionIDs: IDList,
  closed: Type.Optional(Type.Boolean({ default: true })),
});
export type BulkCloseDiscussions = Static<typeof BulkCloseDiscussionsSchema>;

/** `PATCH /discussions/merge`: the sources become comments of the destination (one of the ids). */
export const BulkMergeDiscussionsSchema = Type.Object({
  discussionIDs: IDList,
  destinationDiscussionID: ID,
  addRedirects: Type.Optional(Type.Boolean({ default: false })),
});
export type BulkMergeDiscussions = Static<typeof BulkMergeDiscussionsSchema>;

/** `DELETE /comments/list` (API.md 8.6). */
export const BulkDeleteCommentsSchema = Type.Object({
  commentIDs: IDList,
  deleteMethod: Type.Optional(
    Type.Union([Type.Literal("full"), Type.Literal("tombstone")], { default: "full" }),
  ),
});
export type BulkDeleteComments = Static<typeof BulkDeleteCommentsSchema>;

/** `POST /discussions/split`: a new discussion from some comments of one discussion. */
export const SplitCommentsSchema = Type.Object({
  commentIDs: IDList,
  newPost: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 250 }),
    body: Type.Optional(Type.String({ maxLength: 200000 })),
    format: Type.Optional(BodyFormatSchema),
    categoryID: ID,
    postType: Type.String({ minLength: 1, maxLength: 50 }),
    authorType: Type.Union([Type.Literal("me"), Type.Literal("System")]),
  }),
});
export type SplitComments = Static<typeof SplitCommentsSchema>;

export const SplitResultSchema = Type.Intersect([
  LongRunnerResultSchema,
  Type.Object({ newPostUrl: Type.String(), discussionID: Type.Integer() }),
]);
export type SplitResult = Static<typeof SplitResultSchema>;

/** A move of exactly one discussion answers this directly (API.md 7.14). */
export const SingleMoveResultSchema = Type.Object({ status: Type.Literal("success") });
