import { Type, type Static } from "@sinclair/typebox";
import { ID, Nullable } from "./common";
import { StringEnum } from "./users";

/** At most this many tags on one discussion (`Vanilla.Tagging.Max`, API.md 7.5). */
export const MAX_TAGS_PER_DISCUSSION = 5;
export const TAG_LIMIT_MESSAGE = `You cannot add more than ${MAX_TAGS_PER_DISCUSSION} tags to a discussion`;
export const TAGGING_DISABLED_MESSAGE = "Tagging is not enabled.";
export const TAG_NOT_EMPTY_MESSAGE = "Tag isn't empty.";
/** The type of ordinary tags; any other type is reserved for the system. */
export const USER_TAG_TYPE = "User";

const TagName = Type.String({ minLength: 1, maxLength: 100 });
const TagUrlcode = Type.String({ minLength: 1, maxLength: 100, pattern: "^[\\p{L}\\p{N}_-]+$" });

/** TagFragment (API.md 2.4): what a discussion carries with `expand=tags`. */
export const TagFragmentSchema = Type.Object({
  tagID: Type.Integer(),
  urlcode: Type.String(),
  name: Type.String(),
  url: Type.Optional(Type.String()),
});
export type TagFragment = Static<typeof TagFragmentSchema>;

/** Tag (API.md 10). `countDiscussions` counts only live discussions the viewer may read. */
export const TagSchema = Type.Object({
  tagID: Type.Integer(),
  id: Type.Integer(),
  name: Type.String(),
  urlcode: Type.String(),
  urlCode: Type.String(),
  type: Type.String(),
  parentTagID: Nullable(Type.Integer()),
  url: Type.String(),
  countDiscussions: Type.Integer(),
});
export type Tag = Static<typeof TagSchema>;

export const TAG_SORTS = [
  "countDiscussions",
  "-countDiscussions",
  "tagID",
  "-tagID",
  "name",
  "-name",
] as const;
export type TagSort = (typeof TAG_SORTS)[number];

/** `GET /tags` (API.md 10): no pager headers; limit at most 100 (DECISION). */
export const TagListQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 100 })),
  tagID: Type.Optional(Type.Array(ID, { maxItems: 100 })),
  type: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 })),
  parentID: Type.Optional(Type.Array(ID, { maxItems: 100 })),
  excludeNoCountDiscussion: Type.Optional(Type.Boolean()),
  sort: Type.Optional(StringEnum(TAG_SORTS)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type TagListQuery = Static<typeof TagListQuerySchema>;

export const TagIDParamsSchema = Type.Object({ id: ID });

/** `POST /tags`: `type` null (or absent) makes an ordinary tag. */
export const TagPostSchema = Type.Object({
  name: TagName,
  urlcode: Type.Optional(TagUrlcode),
  parentTagID: Type.Optional(Nullable(ID)),
  type: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 50 }))),
});
export type TagPost = Static<typeof TagPostSchema>;

/** `PATCH /tags/{id}`: rename (the slug follows the name unless given). */
export const TagPatchSchema = Type.Object({
  name: Type.Optional(TagName),
  urlcode: Type.Optional(TagUrlcode),
  parentTagID: Type.Optional(Nullable(ID)),
});
export type TagPatch = Static<typeof TagPatchSchema>;

/** `POST /tags/{id}/merge` (DECISION): the listed tags are folded into this one and deleted. */
export const TagMergeSchema = Type.Object({
  sourceTagIDs: Type.Array(ID, { minItems: 1, maxItems: 100 }),
});
export type TagMerge = Static<typeof TagMergeSchema>;

/** TagReference (API.md 7.12): `PUT` replaces a discussion's tags, `POST` adds. */
export const TagReferenceSchema = Type.Object({
  tagIDs: Type.Optional(Type.Array(ID, { maxItems: 100 })),
  urlcodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 })),
});
export type TagReference = Static<typeof TagReferenceSchema>;

/** The tag fields of `POST /discussions` and `PATCH /discussions/{id}` (API.md 7.5/7.6). */
export const DiscussionTagFields = {
  tagIDs: Type.Optional(Type.Array(ID, { maxItems: 100 })),
  newTagNames: Type.Optional(Type.Array(TagName, { maxItems: 100 })),
};
