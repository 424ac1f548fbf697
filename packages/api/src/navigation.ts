import { Type, type Static, type TSchema } from "@sinclair/typebox";
import { TITLE_BAR_BORDER_TYPES, TITLE_BAR_POSITIONINGS } from "./titleBarDefaults";

/** Deepest nesting of navigation items (a top item, its mega-menu columns, their links). */
export const NAVIGATION_MAX_DEPTH = 3;
/** Most items on one level. */
export const NAVIGATION_MAX_ITEMS = 50;

/** A badge beside an item's name (SPEC 3 "Navigation item"). */
export const NavigationBadgeSchema = Type.Object({
  type: Type.Literal("text"),
  text: Type.String({ minLength: 1, maxLength: 20 }),
});
export type NavigationBadge = Static<typeof NavigationBadgeSchema>;

function itemSchema<T extends TSchema>(children: T) {
  return Type.Object({
    id: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ maxLength: 100 }),
    url: Type.String({ maxLength: 500 }),
    /** A permission the viewer must hold (e.g. `community.moderate`). */
    permission: Type.Optional(Type.String({ maxLength: 100 })),
    /** Shown only to members of at least one of these roles; absent or empty, to everyone. */
    roleIDs: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 100 })),
    isHidden: Type.Optional(Type.Boolean()),
    badge: Type.Optional(Type.Union([Type.Null(), NavigationBadgeSchema])),
    children: Type.Optional(Type.Array(children, { maxItems: NAVIGATION_MAX_ITEMS })),
  });
}

/** A navigation item as stored and edited (SPEC 3): children nest at most three levels deep. */
export const NavigationItemSchema = itemSchema(itemSchema(itemSchema(Type.Never())));

/** One level of items, whatever its depth (the client's view of the schema). */
export interface NavigationItem {
  id: string;
  name: string;
  url: string;
  permission?: string;
  roleIDs?: number[];
  isHidden?: boolean;
  badge?: NavigationBadge | null;
  children?: NavigationItem[];
}

export const NavigationItemListSchema = Type.Array(NavigationItemSchema, { maxItems: NAVIGATION_MAX_ITEMS });

/** `GET /navigation?locale=fr`: the items shown to the caller (filtered by SPEC 5); by default in the reader's locale. */
export const NavigationQuerySchema = Type.Object({
  locale: Type.Optional(Type.String({ minLength: 2, maxLength: 20 })),
});
export type NavigationQuery = Static<typeof NavigationQuerySchema>;

/** What the editor reads and writes for one locale (`GET /navigation/edit`, `PUT /navigation`). */
export const NavigationEditSchema = Type.Object({
  locale: Type.String({ minLength: 2, maxLength: 20 }),
  items: NavigationItemListSchema,
  /** False while the locale shows the built-in entries (nothing saved for it). */
  isCustom: Type.Boolean(),
});
export type NavigationEdit = Omit<Static<typeof NavigationEditSchema>, "items"> & { items: NavigationItem[] };

export const NavigationPutBodySchema = Type.Object({
  locale: Type.String({ minLength: 2, maxLength: 20 }),
  items: NavigationItemListSchema,
});
export type NavigationPutBody = { locale: string; items: NavigationItem[] };

export const NavigationLocaleQuerySchema = Type.Object({
  locale: Type.String({ minLength: 2, maxLength: 20 }),
});

const alignment = Type.Union([Type.Literal("left"), Type.Literal("center")]);
/** `#rgb`, `#rrggbb` or empty (the theme's colour). */
const color = Type.String({ pattern: "^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})?$", maxLength: 7 });
const imageUrl = Type.String({ maxLength: 500 });

/** SPEC 3 "Title bar config"; heights in px (SPEC 9: 48, mobile 44). */
export const TitleBarConfigSchema = Type.Object({
  positioning: Type.Union(TITLE_BAR_POSITIONINGS.map((value) => Type.Literal(value))),
  backgroundColor: color,
  foregroundColor: color,
  height: Type.Integer({ minimum: 40, maximum: 120 }),
  heightMobile: Type.Integer({ minimum: 40, maximum: 100 }),
  borderType: Type.Union(TITLE_BAR_BORDER_TYPES.map((value) => Type.Literal(value))),
  logo: Type.Object({
    alignment,
    alignmentMobile: alignment,
    /** Empty: the site's logo (`branding.logo`). */
    imageUrl,
    /** Empty: the site's mobile logo (`branding.mobileLogo`), else the logo. */
    imageUrlMobile: imageUrl,
    /** Where the logo links; `/` by default. */
    url: Type.String({ minLength: 1, maxLength: 500 }),
  }),
  navigation: Type.Object({ alignment }),
});
export type TitleBarConfig = Static<typeof TitleBarConfigSchema>;

/** `PATCH /title-bar`: any subset; `logo` and `navigation` merge field by field. */
export const TitleBarConfigPatchSchema = Type.Partial(
  Type.Object({
    ...TitleBarConfigSchema.properties,
    logo: Type.Partial(TitleBarConfigSchema.properties.logo),
    navigation: Type.Partial(TitleBarConfigSchema.properties.navigation),
  }),
  { minProperties: 1 },
);
export type TitleBarConfigPatch = Static<typeof TitleBarConfigPatchSchema>;
