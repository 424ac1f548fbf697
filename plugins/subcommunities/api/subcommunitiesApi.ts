import { Nullable } from "@forum/api/common";
import { Type, type Static } from "@sinclair/typebox";

/** The subcommunities add-on's contract, kept with it so the add-on stays removable. */

/** A section's folder: lower-case letters, digits and inner dashes (`fr`, `help-center`). */
export const SLUG_PATTERN = "^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$";

export const SiteSectionNavItemSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  url: Type.String({ minLength: 1, maxLength: 500 }),
});
export type SiteSectionNavItem = Static<typeof SiteSectionNavItemSchema>;

export const SiteSectionSchema = Type.Object({
  siteSectionID: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  /** The section's home, `/{slug}/`. */
  url: Type.String(),
  locale: Type.String(),
  /** The root of the section's category subtree; null for every category. */
  rootCategoryID: Nullable(Type.Integer()),
  description: Type.String(),
  themeKey: Nullable(Type.String()),
  navigation: Type.Array(SiteSectionNavItemSchema),
  dateInserted: Type.String(),
  dateUpdated: Type.String(),
});
export type SiteSection = Static<typeof SiteSectionSchema>;

export const SiteSectionPostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  slug: Type.String({ minLength: 1, maxLength: 50 }),
  locale: Type.String({ minLength: 2, maxLength: 20 }),
  rootCategoryID: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  themeKey: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
  navigation: Type.Optional(Type.Array(SiteSectionNavItemSchema, { maxItems: 20 })),
});
export type SiteSectionPost = Static<typeof SiteSectionPostSchema>;

export const SiteSectionPatchSchema = Type.Partial(SiteSectionPostSchema);
export type SiteSectionPatch = Static<typeof SiteSectionPatchSchema>;

export const SiteSectionParamsSchema = Type.Object({ siteSectionID: Type.Integer({ minimum: 1 }) });
