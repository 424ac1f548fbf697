import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID, Nullable } from "./common";
import { StringEnum } from "./users";

/** API.md 11: what a collection may hold. */
export const COLLECTION_RECORD_TYPES = [
  "discussion",
  "category",
  "article",
  "event",
  "group",
  "knowledgeBase",
] as const;
export type CollectionRecordType = (typeof COLLECTION_RECORD_TYPES)[number];

/** API.md 11: at most 30 records in a collection. */
export const MAX_COLLECTION_RECORDS = 30;

/**
 * A record reference as sent. `recordType` is a plain string so an unknown type gets API.md's own 422 text
 * ("The recordType x is not a valid record type for collection.").
 */
export const CollectionRecordInputSchema = Type.Object({
  recordID: ID,
  recordType: Type.String({ minLength: 1, maxLength: 50 }),
  /** Manual order (lower first); records without one follow, oldest first. */
  sort: Type.Optional(Type.Integer({ minimum: -1000000, maximum: 1000000 })),
});
export type CollectionRecordInput = Static<typeof CollectionRecordInputSchema>;

export const CollectionRecordSchema = Type.Object({
  recordID: Type.Integer(),
  recordType: StringEnum(COLLECTION_RECORD_TYPES),
  sort: Nullable(Type.Integer()),
  dateAddedToCollection: DateTime,
});
export type CollectionRecord = Static<typeof CollectionRecordSchema>;

export const CollectionSchema = Type.Object({
  collectionID: Type.Integer(),
  name: Type.String(),
  records: Type.Array(CollectionRecordSchema),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUserID: Type.Integer(),
  updateUserID: Nullable(Type.Integer()),
});
export type Collection = Static<typeof CollectionSchema>;

const CollectionName = Type.String({ minLength: 1, maxLength: 255 });

export const CollectionListQuerySchema = Type.Object({
  name: Type.Optional(CollectionName),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type CollectionListQuery = Static<typeof CollectionListQuerySchema>;

export const CollectionIDParamsSchema = Type.Object({ id: ID });

/** `POST /collections`: a name and 1–30 records. */
export const CollectionPostSchema = Type.Object({
  name: CollectionName,
  records: Type.Array(CollectionRecordInputSchema, { minItems: 1 }),
});
export type CollectionPost = Static<typeof CollectionPostSchema>;

/** `PATCH /collections/{id}`: a new name and/or the whole list of records. */
export const CollectionPatchSchema = Type.Object({
  name: Type.Optional(CollectionName),
  records: Type.Optional(Type.Array(CollectionRecordInputSchema)),
});
export type CollectionPatch = Static<typeof CollectionPatchSchema>;

export const CollectionByResourceQuerySchema = Type.Object({
  recordID: ID,
  recordType: Type.String({ minLength: 1, maxLength: 50 }),
});
export type CollectionByResourceQuery = Static<typeof CollectionByResourceQuerySchema>;

/** `PUT /collections/by-resource`: the collections a record belongs to (a set: it leaves every other one). */
export const CollectionByResourcePutSchema = Type.Object({
  record: CollectionRecordInputSchema,
  collectionIDs: Type.Array(ID, { maxItems: 500 }),
});
export type CollectionByResourcePut = Static<typeof CollectionByResourcePutSchema>;

/** Props of the home page's `CollectionWidget`: one collection's discussions and categories the reader may see. */
export interface CollectionWidgetProps {
  collectionID: number;
  title: string;
  items: Array<{
    recordID: number;
    recordType: "discussion" | "category";
    name: string;
    url: string;
    excerpt?: string;
  }>;
}
