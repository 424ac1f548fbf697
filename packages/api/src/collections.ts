import { Type, type Static } from "@sinclair/typebox";
import { CategorySchema } from "./categories";
import { DateTime, ID, Nullable } from "./common";
import { DiscussionSchema } from "./discussions";
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

/** A locale in a path (`/collections/{id}/content/{locale}`): it must be one the site has enabled (422). */
const LocaleParam = Type.String({ minLength: 2, maxLength: 20 });

export const CollectionContentParamsSchema = Type.Object({ id: ID, locale: LocaleParam });
export const CollectionContentsParamsSchema = Type.Object({ locale: LocaleParam });

/**
 * The record a collection entry stands for, as its own endpoint shows it: a Discussion (as `GET
 * /discussions/{id}?expand=insertUser,category`) or a Category (as `GET /categories/{id}`).
 */
export const CollectionRecordContentSchema = Type.Union([DiscussionSchema, CategorySchema]);

const contentRecordFields = {
  recordID: Type.Integer(),
  recordType: StringEnum(COLLECTION_RECORD_TYPES),
  sort: Nullable(Type.Integer()),
  dateAddedToCollection: DateTime,
  record: CollectionRecordContentSchema,
};

/**
 * `GET /collections/{id}/content/{locale}` (API.md 11): the collection with each record expanded, in the
 * collection's order. Records the viewer may not see (or that are gone) are left out.
 */
export const CollectionContentSchema = Type.Object({
  collectionID: Type.Integer(),
  name: Type.String(),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUserID: Type.Integer(),
  updateUserID: Nullable(Type.Integer()),
  records: Type.Array(Type.Object(contentRecordFields)),
});
export type CollectionContent = Static<typeof CollectionContentSchema>;

/** One entry of `GET /collections/contents/{locale}`: a record of some collection, expanded. */
export const CollectionContentsItemSchema = Type.Object({
  collectionID: Type.Integer(),
  ...contentRecordFields,
  /** `expand=collection`. */
  collection: Type.Optional(Type.Object({ collectionID: Type.Integer(), name: Type.String() })),
});
export type CollectionContentsItem = Static<typeof CollectionContentsItemSchema>;

/** DECISION: 30 entries a page by default, at most 100 ("more" pager, API.md 1.7). */
export const COLLECTION_CONTENTS_DEFAULT_LIMIT = 30;

export const CollectionContentsQuerySchema = Type.Object({
  /** Range expression of API.md 1.6 (`5`, `1,2,3`, `1..10`…). */
  collectionID: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expand: Type.Optional(Type.Array(StringEnum(["collection", "all"]))),
});
export type CollectionContentsQuery = Static<typeof CollectionContentsQuerySchema>;

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
