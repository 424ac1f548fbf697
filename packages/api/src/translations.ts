import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID } from "./common";

/** API.md 23: the longest translation stored (a category description is the longest source text translated). */
export const TRANSLATION_MAX_LENGTH = 5000;
/** Most items in one PATCH (a translator form holds a record's few properties; a bulk import a page of them). */
export const TRANSLATION_PATCH_MAX_ITEMS = 100;

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_.-]+$" });
const RecordKey = Type.String({ minLength: 1, maxLength: 100, pattern: "^[^.]+$" });

export const TranslationResourceParamsSchema = Type.Object({
  resource: Type.String({ minLength: 1, maxLength: 50, pattern: "^[a-z0-9][a-z0-9-]*$" }),
});
export type TranslationResourceParams = Static<typeof TranslationResourceParamsSchema>;

/** API.md 23 Translation: one property of one record in one locale. */
export const TranslationSchema = Type.Object({
  resource: Type.String(),
  recordType: Type.String(),
  recordID: Type.Optional(Type.Integer()),
  recordKey: Type.Optional(Type.String()),
  propertyName: Type.String(),
  propertyType: Type.Optional(Type.String()),
  translationPropertyKey: Type.String(),
  locale: Type.String(),
  translation: Type.String(),
  dateUpdated: DateTime,
});
export type Translation = Static<typeof TranslationSchema>;

export const TranslationListQuerySchema = Type.Object({
  locale: Type.String({ minLength: 1, maxLength: 20 }),
  recordType: Type.Optional(Name),
  recordIDs: Type.Optional(Type.Array(ID, { maxItems: 100 })),
  recordKeys: Type.Optional(Type.Array(RecordKey, { maxItems: 100 })),
  propertyName: Type.Optional(Name),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
});
export type TranslationListQuery = Static<typeof TranslationListQuerySchema>;

/** Which property of which record, in which locale (the items of `/remove`). */
export const TranslationTargetSchema = Type.Object({
  recordType: Name,
  recordID: Type.Optional(ID),
  recordKey: Type.Optional(RecordKey),
  propertyName: Name,
  locale: Type.String({ minLength: 1, maxLength: 20 }),
  translationPropertyKey: Type.Optional(Type.String({ maxLength: 250 })),
});
export type TranslationTarget = Static<typeof TranslationTargetSchema>;

export const TranslationPatchItemSchema = Type.Composite([
  TranslationTargetSchema,
  Type.Object({
    translation: Type.String({ minLength: 1, maxLength: TRANSLATION_MAX_LENGTH }),
    propertyType: Type.Optional(Type.Union([Type.Literal("text"), Type.Literal("textMultiline")])),
  }),
]);
export type TranslationPatchItem = Static<typeof TranslationPatchItemSchema>;

export const TranslationPatchBodySchema = Type.Array(TranslationPatchItemSchema, {
  minItems: 1,
  maxItems: TRANSLATION_PATCH_MAX_ITEMS,
});
export const TranslationRemoveBodySchema = Type.Array(TranslationTargetSchema, {
  minItems: 1,
  maxItems: TRANSLATION_PATCH_MAX_ITEMS,
});
