import { Type, type Static } from "@sinclair/typebox";

/** `PUT /discussions/{id}/dismiss` (API.md 7.9): `dismissed` defaults to true. */
export const DismissBodySchema = Type.Object({ dismissed: Type.Optional(Type.Boolean()) });
export type DismissBody = Static<typeof DismissBodySchema>;
export const DismissResultSchema = Type.Object({ dismissed: Type.Boolean() });

/** `PUT /discussions/{id}/mute` (API.md 7.9, DECISION): no notifications about the discussion while muted. */
export const MuteBodySchema = Type.Object({ muted: Type.Boolean() });
export type MuteBody = Static<typeof MuteBodySchema>;

/** `PUT /discussions/{id}/type` (API.md 7.11): exactly one of `type` or `postTypeID`. */
export const DiscussionTypeBodySchema = Type.Object({
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  postTypeID: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  postMeta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type DiscussionTypeBody = Static<typeof DiscussionTypeBodySchema>;

/** The type a discussion is stored as once it has moved and left a redirect behind (API.md 7.14). */
export const REDIRECT_DISCUSSION_TYPE = "redirect";

/** A type the options menu offers in 'Change Post Type': the registered types that run now. */
export interface PostTypeOption {
  type: string;
  /** Message key, shown through `t()`. */
  label: string;
}
