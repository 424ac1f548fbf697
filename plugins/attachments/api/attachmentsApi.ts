import { DateTime, ID, Nullable } from "@forum/api/common";
import { Type, type Static } from "@sinclair/typebox";

/** The attachments add-on's contract (API.md 24), kept with it so the add-on stays removable. */

export const AttachmentRecordTypeSchema = Type.Union([Type.Literal("discussion"), Type.Literal("comment")]);
export type AttachmentRecordType = Static<typeof AttachmentRecordTypeSchema>;

/** Who may attach with an integration: any post, the viewer's own posts, or none (read only). */
export const WriteableContentScopeSchema = Type.Union([
  Type.Literal("all"),
  Type.Literal("own"),
  Type.Literal("none"),
]);
export type WriteableContentScope = Static<typeof WriteableContentScopeSchema>;

export const AttachmentMetadataSchema = Type.Object({
  labelCode: Type.String(),
  value: Type.String(),
  url: Type.Optional(Type.String()),
});
export type AttachmentMetadata = Static<typeof AttachmentMetadataSchema>;

export const AttachmentSchema = Type.Object({
  attachmentID: Type.Integer(),
  recordType: AttachmentRecordTypeSchema,
  recordID: Type.Integer(),
  type: Type.String(),
  source: Type.String(),
  sourceID: Nullable(Type.String()),
  sourceUrl: Nullable(Type.String()),
  status: Type.String(),
  foreignUserID: Type.Integer(),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  lastModifiedDate: Nullable(DateTime),
  updateUserID: Nullable(Type.Integer()),
  metadata: Type.Array(AttachmentMetadataSchema),
});
export type Attachment = Static<typeof AttachmentSchema>;

export const CatalogEntrySchema = Type.Object({
  attachmentType: Type.String(),
  title: Type.String(),
  externalIDLabel: Type.String(),
  logoIcon: Type.String(),
  attachmentTypeIcon: Type.Optional(Type.String()),
  name: Type.String(),
  label: Type.String(),
  submitButton: Type.String(),
  postSuccessMessage: Type.Optional(Type.String()),
  recordTypes: Type.Array(AttachmentRecordTypeSchema),
  writeableContentScope: WriteableContentScopeSchema,
  escalationDelayUnit: Nullable(Type.String()),
  escalationDelayLength: Nullable(Type.Integer()),
});
export type CatalogEntry = Static<typeof CatalogEntrySchema>;

export const CatalogSchema = Type.Record(Type.String(), CatalogEntrySchema);
export type Catalog = Static<typeof CatalogSchema>;

const RecordRef = {
  recordType: AttachmentRecordTypeSchema,
  recordID: ID,
};

export const AttachmentSchemaQuerySchema = Type.Object({
  attachmentType: Type.String({ minLength: 1 }),
  ...RecordRef,
  projectID: Type.Optional(Type.String()),
  issueTypeID: Type.Optional(Type.String()),
});
export type AttachmentSchemaQuery = Static<typeof AttachmentSchemaQuerySchema>;

/** A form's JSON Schema: an object of string fields with titles (and `x-control: "textarea"` for long ones). */
export const AttachmentFormFieldSchema = Type.Object({
  type: Type.Literal("string"),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  default: Type.Optional(Type.String()),
  maxLength: Type.Optional(Type.Integer()),
  minLength: Type.Optional(Type.Integer()),
  enum: Type.Optional(Type.Array(Type.String())),
  "x-control": Type.Optional(Type.Union([Type.Literal("text"), Type.Literal("textarea")])),
  "x-labels": Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type AttachmentFormField = Static<typeof AttachmentFormFieldSchema>;

export const AttachmentFormSchema = Type.Object({
  type: Type.Literal("object"),
  properties: Type.Record(Type.String(), AttachmentFormFieldSchema),
  required: Type.Array(Type.String()),
});
export type AttachmentForm = Static<typeof AttachmentFormSchema>;

/** `POST /attachments`: the integration, the record, then the fields of the integration's schema. */
export const AttachmentPostSchema = Type.Object(
  { attachmentType: Type.String({ minLength: 1 }), ...RecordRef },
  { additionalProperties: true },
);
export type AttachmentPost = Static<typeof AttachmentPostSchema> & Record<string, unknown>;

export const AttachmentListQuerySchema = Type.Object(RecordRef);

export const AttachmentRefreshSchema = Type.Object({
  attachmentIDs: Type.Array(ID, { minItems: 1 }),
  onlyStale: Type.Optional(Type.Boolean({ default: true })),
});
export type AttachmentRefresh = Static<typeof AttachmentRefreshSchema>;

/** Most attachments one refresh call re-syncs (API.md 24: more is 400). */
export const MAX_REFRESH_IDS = 10;
