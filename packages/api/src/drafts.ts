import { Type, type Static } from "@sinclair/typebox";
import { BreadcrumbSchema } from "./categories";
import { DateTime, ID, Nullable } from "./common";
import { StringEnum } from "./users";

/** Record types a draft can hold (API.md 14). */
export const DRAFT_RECORD_TYPES = ["discussion", "comment", "article", "event"] as const;
export type DraftRecordType = (typeof DRAFT_RECORD_TYPES)[number];
export const DRAFT_PARENT_RECORD_TYPES = [
  "category",
  "discussion",
  "comment",
  "group",
  "knowledgeBase",
] as const;
/** Stored as 0/1/2. */
export const DRAFT_STATUSES = ["draft", "scheduled", "error"] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_SORTS = [
  "dateInserted",
  "-dateInserted",
  "dateUpdated",
  "-dateUpdated",
  "dateScheduled",
  "-dateScheduled",
] as const;
/** Serialized `attributes` may not exceed this many bytes (API.md 14 DECISION: 256 KB). */
export const DRAFT_ATTRIBUTES_MAX_BYTES = 256 * 1024;

/** Discussion `draftMeta` (SPEC 3). */
export const DiscussionDraftMetaSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 250 })),
  postMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  tagIDs: Type.Optional(Type.Array(Type.Integer())),
  newTagNames: Type.Optional(Type.Array(Type.String())),
  categoryID: Type.Optional(Nullable(Type.Integer())),
  postTypeID: Type.Optional(Nullable(Type.String())),
  pinLocation: Type.Optional(StringEnum(["none", "category", "recent"])),
  pinned: Type.Optional(Type.Boolean()),
});
export type DiscussionDraftMeta = Static<typeof DiscussionDraftMetaSchema>;

/** Comment (and reply) `draftMeta` (SPEC 3). */
export const CommentDraftMetaSchema = Type.Object({
  commentPath: Type.Optional(Type.String()),
  commentParentID: Type.Optional(Nullable(Type.Integer())),
  format: Type.Optional(Type.String()),
});
export type CommentDraftMeta = Static<typeof CommentDraftMetaSchema>;

/** Editor state kept in a draft; opaque to the server except for the scheduling checks. */
export const DraftAttributesSchema = Type.Object(
  {
    body: Type.Optional(Type.String()),
    format: Type.Optional(Type.String({ maxLength: 20 })),
    draftType: Type.Optional(Type.String({ maxLength: 50 })),
    lastSaved: Type.Optional(Type.String({ maxLength: 40 })),
    groupID: Type.Optional(Nullable(Type.Integer())),
    name: Type.Optional(Type.String({ maxLength: 250 })),
    draftMeta: Type.Optional(Type.Union([DiscussionDraftMetaSchema, CommentDraftMetaSchema])),
  },
  { additionalProperties: true },
);
export type DraftAttributes = Static<typeof DraftAttributesSchema>;

/** Draft (API.md 14). */
export const DraftSchema = Type.Object({
  draftID: Type.Integer(),
  recordType: Type.String(),
  recordID: Nullable(Type.Integer()),
  parentRecordType: Nullable(Type.String()),
  parentRecordID: Nullable(Type.Integer()),
  attributes: Type.Record(Type.String(), Type.Unknown()),
  draftStatus: StringEnum(DRAFT_STATUSES),
  dateScheduled: Nullable(DateTime),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Nullable(Type.Integer()),
  dateUpdated: Nullable(DateTime),
  name: Type.Optional(Type.String()),
  excerpt: Type.Optional(Type.String()),
  editUrl: Type.Optional(Type.String()),
  permaLink: Type.Optional(Nullable(Type.String())),
  /** Where the draft goes (list view): the category's path, then the discussion of a comment or an edit. */
  breadCrumbs: Type.Optional(Type.Array(BreadcrumbSchema)),
  failedReason: Type.Optional(Nullable(Type.String())),
});
export type Draft = Static<typeof DraftSchema>;

/** `GET /drafts/{id}/edit`. */
export const DraftEditSchema = Type.Object({
  draftID: Type.Integer(),
  recordType: Type.String(),
  recordID: Nullable(Type.Integer()),
  parentRecordType: Nullable(Type.String()),
  parentRecordID: Nullable(Type.Integer()),
  attributes: Type.Record(Type.String(), Type.Unknown()),
});
export type DraftEdit = Static<typeof DraftEditSchema>;

export const DraftIDParamsSchema = Type.Object({ id: ID });

/** `GET /drafts` query (API.md 14): numbered pager. */
export const DraftListQuerySchema = Type.Object({
  recordType: Type.Optional(StringEnum(DRAFT_RECORD_TYPES)),
  parentRecordType: Type.Optional(StringEnum(DRAFT_PARENT_RECORD_TYPES)),
  parentRecordID: Type.Optional(ID),
  recordID: Type.Optional(ID),
  draftStatus: Type.Optional(StringEnum(DRAFT_STATUSES)),
  sort: Type.Optional(StringEnum(DRAFT_SORTS)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(Type.Boolean()),
});
export type DraftListQuery = Static<typeof DraftListQuerySchema>;

const draftWriteFields = {
  recordID: Type.Optional(Nullable(ID)),
  parentRecordType: Type.Optional(Nullable(StringEnum(DRAFT_PARENT_RECORD_TYPES))),
  parentRecordID: Type.Optional(Nullable(ID)),
  draftStatus: Type.Optional(StringEnum(DRAFT_STATUSES)),
  dateScheduled: Type.Optional(Nullable(DateTime)),
};

/** `POST /drafts` body. */
export const DraftPostSchema = Type.Object({
  recordType: StringEnum(DRAFT_RECORD_TYPES),
  attributes: DraftAttributesSchema,
  ...draftWriteFields,
});
export type DraftPost = Static<typeof DraftPostSchema>;

/** `PATCH /drafts/{id}` body. */
export const DraftPatchSchema = Type.Object({
  recordType: Type.Optional(StringEnum(DRAFT_RECORD_TYPES)),
  attributes: Type.Optional(DraftAttributesSchema),
  ...draftWriteFields,
});
export type DraftPatch = Static<typeof DraftPatchSchema>;

/** `PATCH /drafts/schedule/{id}` body. */
export const DraftScheduleSchema = Type.Object({ dateScheduled: DateTime });
export type DraftSchedule = Static<typeof DraftScheduleSchema>;
