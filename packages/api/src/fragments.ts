import { Type, type Static } from "@sinclair/typebox";
import { DateTime } from "./common";

/**
 * Custom fragments (API.md 18): code a site manager writes for a custom widget, kept as revisions. Layouts run
 * the active revision in a sandboxed frame (`CustomFragmentWidget`).
 */
export const FRAGMENT_CODE_MAX = 100_000;

export const FragmentSchema = Type.Object({
  fragmentUUID: Type.String(),
  name: Type.String(),
  fragmentRevisionUUID: Type.String(),
  js: Type.String(),
  css: Type.String(),
  jsUrl: Type.String(),
  cssUrl: Type.String(),
  dateInserted: DateTime,
  dateUpdated: Type.Union([Type.Null(), DateTime]),
});
export type Fragment = Static<typeof FragmentSchema>;

export const FragmentPostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  js: Type.String({ maxLength: FRAGMENT_CODE_MAX }),
  css: Type.String({ maxLength: FRAGMENT_CODE_MAX }),
});
export type FragmentPost = Static<typeof FragmentPostSchema>;

/** A new revision (it becomes the active one); the name alone changes no code. */
export const FragmentPatchSchema = Type.Partial(FragmentPostSchema);
export type FragmentPatch = Static<typeof FragmentPatchSchema>;

export const FragmentParamsSchema = Type.Object({
  fragmentUUID: Type.String({ minLength: 1, maxLength: 64 }),
});
export const FragmentAssetQuerySchema = Type.Object({
  fragmentRevisionUUID: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
