import { Type, type Static } from "@sinclair/typebox";
import { DateTime, ID } from "./common";
import { StringEnum } from "./users";

/**
 * Stored layouts (issue 25, API.md 17): what the dashboard's layout editor writes. A layout is a list of
 * sections; each section holds one, two or three columns of widgets; each section and widget shows on every
 * device or on mobile or desktop only. `GET /layouts/lookup-hydrate` fills the widgets with data.
 */

import {
  CONTAINER_DISPLAY_TYPES,
  DEVICE_VISIBILITIES,
  EDITABLE_VIEW_TYPES,
  ITEM_CONTENT_TYPES,
  SECTION_TYPES,
} from "./layoutWidgetOptions";

export * from "./layoutWidgetOptions";

const Device = StringEnum(DEVICE_VISIBILITIES);
const Title = Type.Optional(Type.String({ maxLength: 100 }));
const Url = Type.String({ minLength: 1, maxLength: 500 });
const OptionalUrl = Type.Optional(Type.String({ maxLength: 500 }));

export const ItemOptionsSchema = Type.Object({
  contentType: StringEnum(ITEM_CONTENT_TYPES),
  displayType: StringEnum(CONTAINER_DISPLAY_TYPES),
  maxColumnCount: Type.Integer({ minimum: 1, maximum: 4 }),
});
export type ItemOptions = Static<typeof ItemOptionsSchema>;

export const BannerSpecSchema = Type.Object({
  widget: Type.Literal("banner"),
  device: Device,
  title: Title,
  description: Type.Optional(Type.String({ maxLength: 500 })),
  backgroundImage: OptionalUrl,
  rightImage: OptionalUrl,
  showSearch: Type.Boolean(),
  /** 'Search In': the scope selector (site or hub) beside the search bar. */
  showScope: Type.Boolean(),
});

export const DiscussionsSpecSchema = Type.Object({
  widget: Type.Literal("discussions"),
  device: Device,
  title: Title,
  limit: Type.Integer({ minimum: 1, maximum: 30 }),
  categoryID: Type.Optional(ID),
  sort: StringEnum(["-dateLastComment", "-dateInserted", "-score", "-hot"]),
  itemOptions: ItemOptionsSchema,
});

export const CategoriesSpecSchema = Type.Object({
  widget: Type.Literal("categories"),
  device: Device,
  title: Title,
  /** Only the children of this category (else the top level). */
  parentCategoryID: Type.Optional(ID),
  itemOptions: ItemOptionsSchema,
});

export const LinkItemSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 300 })),
  url: Url,
  imageUrl: OptionalUrl,
  iconUrl: OptionalUrl,
});

export const LinksSpecSchema = Type.Object({
  widget: Type.Literal("links"),
  device: Device,
  title: Title,
  items: Type.Array(LinkItemSchema, { minItems: 1, maxItems: 30 }),
  itemOptions: ItemOptionsSchema,
});

export const FragmentSpecSchema = Type.Object({
  widget: Type.Literal("fragment"),
  device: Device,
  title: Title,
  fragmentUUID: Type.String({ minLength: 1, maxLength: 64 }),
});

/** The page's own content (the list, the post and its comments) where the view type has one. */
export const PageContentSpecSchema = Type.Object({ widget: Type.Literal("pageContent"), device: Device });

export const WidgetSpecSchema = Type.Union([
  BannerSpecSchema,
  DiscussionsSpecSchema,
  CategoriesSpecSchema,
  LinksSpecSchema,
  FragmentSpecSchema,
  PageContentSpecSchema,
]);
export type WidgetSpec = Static<typeof WidgetSpecSchema>;
export type WidgetKind = WidgetSpec["widget"];

export const SectionSpecSchema = Type.Object({
  sectionType: StringEnum(SECTION_TYPES),
  device: Device,
  /** One array of widgets per column, as many as the section type has. */
  columns: Type.Array(Type.Array(WidgetSpecSchema, { maxItems: 20 }), { minItems: 1, maxItems: 3 }),
});
export type SectionSpec = Static<typeof SectionSpecSchema>;

export const LayoutSpecSchema = Type.Array(SectionSpecSchema, { maxItems: 20 });

/** Where a layout applies: a record of the view type (`global` -1 is the site default). */
export const LAYOUT_RECORD_TYPES = ["global", "siteSection", "category", "discussion"] as const;
export const LayoutViewSchema = Type.Object({
  recordType: StringEnum(LAYOUT_RECORD_TYPES),
  recordID: Type.Integer({ minimum: -1 }),
});
export type LayoutView = Static<typeof LayoutViewSchema>;

export const StoredLayoutSchema = Type.Object({
  layoutID: Type.Integer(),
  name: Type.String(),
  layoutViewType: StringEnum(EDITABLE_VIEW_TYPES),
  layout: LayoutSpecSchema,
  views: Type.Array(LayoutViewSchema),
  insertUserID: Type.Integer(),
  dateInserted: DateTime,
  updateUserID: Type.Union([Type.Null(), Type.Integer()]),
  dateUpdated: Type.Union([Type.Null(), DateTime]),
});
export type StoredLayout = Static<typeof StoredLayoutSchema>;

export const LayoutPostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  layoutViewType: StringEnum(EDITABLE_VIEW_TYPES),
  layout: LayoutSpecSchema,
});
export type LayoutPost = Static<typeof LayoutPostSchema>;

export const LayoutPatchSchema = Type.Partial(Type.Omit(LayoutPostSchema, ["layoutViewType"]));
export type LayoutPatch = Static<typeof LayoutPatchSchema>;

export const LayoutViewsPutSchema = Type.Array(LayoutViewSchema, { maxItems: 100 });

export const LayoutIDParamsSchema = Type.Object({ layoutID: ID });
export const LayoutListQuerySchema = Type.Object({
  layoutViewType: Type.Optional(StringEnum(EDITABLE_VIEW_TYPES)),
});
