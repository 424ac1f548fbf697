import { Type, type Static } from "@sinclair/typebox";

/** The embed add-on's contract, kept with it so the add-on stays removable. */

/** An origin a site owner embeds from: scheme, host and optional port, nothing after. */
const Origin = Type.String({ maxLength: 200, pattern: "^https?://[a-zA-Z0-9.\\-]+(:[0-9]{1,5})?$" });

export const EmbedSettingsSchema = Type.Object({
  /** Origins allowed to frame the forum (`frame-ancestors`) and to have blog comments created. */
  allowedDomains: Type.Array(Type.String()),
  /** Where the discussion of a blog post is created on its first view; null: comments are off. */
  commentsCategoryID: Type.Union([Type.Integer(), Type.Null()]),
  /** The code a site owner pastes before the embed's place holders: loads `/embed.js`, shows load errors. */
  loaderScript: Type.String(),
});
export type EmbedSettings = Static<typeof EmbedSettingsSchema>;

export const EmbedSettingsPatchSchema = Type.Object(
  {
    allowedDomains: Type.Optional(Type.Array(Origin, { maxItems: 20 })),
    commentsCategoryID: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type EmbedSettingsPatch = Static<typeof EmbedSettingsPatchSchema>;

export const EmbedThreadBodySchema = Type.Object(
  {
    /** The page the comments are for (its origin must be allowed). */
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    /** The site's own id of the page; the URL without its fragment when not given. */
    foreignID: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** The page's title: the discussion's name. */
    title: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type EmbedThreadBody = Static<typeof EmbedThreadBodySchema>;

export const EmbedThreadSchema = Type.Object({
  discussionID: Type.Integer(),
  foreignID: Type.String(),
  /** The discussion's page inside the frame (chrome-less). */
  embedUrl: Type.String(),
  /** Whether this call created the discussion. */
  created: Type.Boolean(),
});
export type EmbedThread = Static<typeof EmbedThreadSchema>;
