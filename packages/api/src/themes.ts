import { Type, type Static } from "@sinclair/typebox";
import { DateTime, Nullable } from "./common";

/** The assets a theme may carry (API.md 19). */
export const THEME_ASSET_NAMES = ["header", "footer", "javascript", "styles", "variables"] as const;
export type ThemeAssetName = (typeof THEME_ASSET_NAMES)[number];

/** One asset: where it is served and, when asked for with `expand`, its data. */
export const ThemeAssetSchema = Type.Object({
  type: Type.String(),
  url: Type.String(),
  "content-type": Type.String(),
  data: Type.Optional(Type.Unknown()),
});
export type ThemeAsset = Static<typeof ThemeAssetSchema>;

export const ThemeAssetsSchema = Type.Object({
  header: Type.Optional(ThemeAssetSchema),
  footer: Type.Optional(ThemeAssetSchema),
  javascript: Type.Optional(ThemeAssetSchema),
  styles: Type.Optional(ThemeAssetSchema),
  variables: Type.Optional(ThemeAssetSchema),
});
export type ThemeAssets = Static<typeof ThemeAssetsSchema>;

/** Theme variables: CSS custom property names (`--color-primary`) to values, merged over the defaults. */
export const ThemeVariablesSchema = Type.Record(
  Type.String({ pattern: "^--[a-z0-9-]{1,60}$" }),
  Type.String({ maxLength: 300, pattern: "^[^;{}<>]*$" }),
  { maxProperties: 200 },
);
export type ThemeVariablesData = Static<typeof ThemeVariablesSchema>;

export const ThemeIDSchema = Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Integer()]);
export type ThemeID = Static<typeof ThemeIDSchema>;

export const ThemePreviewCardSchema = Type.Object({
  preset: Type.Optional(Type.String()),
  globalPrimary: Type.Optional(Type.String()),
  globalBg: Type.Optional(Type.String()),
  globalFg: Type.Optional(Type.String()),
  titleBarBg: Type.Optional(Type.String()),
  titleBarFg: Type.Optional(Type.String()),
  /** The page's background image (the theme's `--background-image`). */
  backgroundImage: Type.Optional(Type.String()),
  /** A picture of the theme for its card (the theme's `--preview-image`). */
  imageUrl: Type.Optional(Type.String()),
  /** Facts shown on the card, by English label ("Created", "Updated"): a date or a text. */
  info: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({ type: Type.Union([Type.Literal("date"), Type.Literal("string")]), value: Type.String() }),
    ),
  ),
});
export type ThemePreviewCard = Static<typeof ThemePreviewCardSchema>;

export const ThemeSchema = Type.Object({
  themeID: ThemeIDSchema,
  type: Type.Union([Type.Literal("themeFile"), Type.Literal("themeDB")]),
  name: Type.String(),
  version: Type.String(),
  current: Type.Boolean(),
  active: Type.Boolean(),
  revisionID: Nullable(Type.Integer()),
  revisionName: Type.Optional(Type.String()),
  parentTheme: Type.Optional(Type.String()),
  parentVersion: Type.Optional(Type.String()),
  insertUserID: Type.Optional(Type.Integer()),
  dateInserted: Type.Optional(DateTime),
  assets: Type.Optional(ThemeAssetsSchema),
  preview: Type.Optional(ThemePreviewCardSchema),
  features: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  supportedSections: Type.Optional(Type.Array(Type.String())),
});
export type Theme = Static<typeof ThemeSchema>;

export const ThemeKeyParamsSchema = Type.Object({ themeKey: Type.String({ minLength: 1, maxLength: 60 }) });

export const ThemeAssetFileParamsSchema = Type.Object({
  themeKey: Type.String({ minLength: 1, maxLength: 60 }),
  file: Type.String({ minLength: 1, maxLength: 40 }),
});

export const ThemeQuerySchema = Type.Object({
  expand: Type.Optional(Type.String({ maxLength: 200 })),
  allowAddonVariables: Type.Optional(Type.Boolean()),
  revisionID: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ThemeQuery = Static<typeof ThemeQuerySchema>;

export const ThemeRevisionsQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
});

/** Asset edits: html and css as text, `variables` as an object (`json`). */
export const ThemeAssetsInputSchema = Type.Object(
  {
    header: Type.Optional(
      Type.Object({ type: Type.Literal("html"), data: Type.String({ maxLength: 50000 }) }),
    ),
    footer: Type.Optional(
      Type.Object({ type: Type.Literal("html"), data: Type.String({ maxLength: 50000 }) }),
    ),
    javascript: Type.Optional(
      Type.Object({ type: Type.Literal("js"), data: Type.String({ maxLength: 100000 }) }),
    ),
    styles: Type.Optional(
      Type.Object({ type: Type.Literal("css"), data: Type.String({ maxLength: 100000 }) }),
    ),
    variables: Type.Optional(Type.Object({ type: Type.Literal("json"), data: ThemeVariablesSchema })),
  },
  { additionalProperties: false },
);
export type ThemeAssetsInput = Static<typeof ThemeAssetsInputSchema>;

export const ThemePostBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    parentTheme: Type.Optional(Type.String({ maxLength: 60 })),
    parentVersion: Type.Optional(Type.String({ maxLength: 20 })),
    revisionName: Type.Optional(Type.String({ maxLength: 100 })),
    assets: Type.Optional(ThemeAssetsInputSchema),
  },
  { additionalProperties: false },
);
export type ThemePostBody = Static<typeof ThemePostBodySchema>;

export const ThemePatchBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    parentTheme: Type.Optional(Type.String({ maxLength: 60 })),
    parentVersion: Type.Optional(Type.String({ maxLength: 20 })),
    revisionID: Type.Optional(Type.Integer({ minimum: 1 })),
    revisionName: Type.Optional(Type.String({ maxLength: 100 })),
    assets: Type.Optional(ThemeAssetsInputSchema),
  },
  { additionalProperties: false },
);
export type ThemePatchBody = Static<typeof ThemePatchBodySchema>;

export const ThemeCurrentBodySchema = Type.Object(
  { themeID: ThemeIDSchema },
  { additionalProperties: false },
);

export const ThemePreviewBodySchema = Type.Object(
  {
    themeID: Type.Optional(Type.Union([ThemeIDSchema, Type.Literal(""), Type.Null()])),
    revisionID: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ThemePreviewBody = Static<typeof ThemePreviewBodySchema>;

/** What a page tells the preview toast (page meta `themePreview`). */
export interface ThemePreviewMeta {
  name: string;
  themeID: ThemeID;
  revisionID?: number;
  /** Where to go after apply or cancel: the theme management page, or the revisions page after a restore. */
  redirect: string;
}

/** The member's colour scheme choice (light, dark, or the device's). */
export const COLOR_SCHEMES = ["light", "dark", "system"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const ColorSchemeBodySchema = Type.Object(
  { colorScheme: Type.Union(COLOR_SCHEMES.map((scheme) => Type.Literal(scheme))) },
  { additionalProperties: false },
);

/** Paths of the theme pages (dashboard) and the revisions landing of SPEC 2. */
export const themePaths = {
  manage: "/dashboard/appearance/style-guides",
  edit: (themeID: ThemeID) => `/dashboard/appearance/style-guides/${themeID}/edit`,
  revisions: (themeID: ThemeID) => `/appearance/style-guides/${themeID}/revisions`,
  dashboardRevisions: (themeID: ThemeID) => `/dashboard/appearance/style-guides/${themeID}/revisions`,
};
