import { Type, type Static } from "@sinclair/typebox";

/** What a member needs to hold a rank by criteria (all that are set); a manual rank is only given by moderators. */
export const RankCriteriaSchema = Type.Object({
  /** Discussions and comments written. */
  posts: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Points (reactions received, badges). */
  points: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Days since the member joined. */
  daysSinceJoin: Type.Optional(Type.Integer({ minimum: 0 })),
  /** A role the member must hold. */
  roleID: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type RankCriteria = Static<typeof RankCriteriaSchema>;

/** What holding a rank lets a member do. */
export const RankAbilitiesSchema = Type.Object({
  /** Links in posts: once any rank allows them, members below the lowest such rank may not post links. */
  links: Type.Boolean(),
});

export const RankSchema = Type.Object({
  rankID: Type.Integer(),
  name: Type.String(),
  /** Shown as the member's title (API.md 4.1 `rank.userTitle`). */
  userTitle: Type.String(),
  /** The label beside names, as text and as sanitised HTML. */
  label: Type.String(),
  labelHtml: Type.String(),
  level: Type.Integer(),
  manual: Type.Boolean(),
  criteria: RankCriteriaSchema,
  abilities: RankAbilitiesSchema,
  countUsers: Type.Integer(),
});
export type Rank = Static<typeof RankSchema>;

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Label = Type.String({ minLength: 1, maxLength: 100 });

export const RankPostSchema = Type.Object({
  name: Name,
  userTitle: Type.Optional(Type.String({ maxLength: 100 })),
  label: Label,
  /** HTML for the label (sanitised); the escaped `label` when absent. */
  labelHtml: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  level: Type.Integer({ minimum: 1, maximum: 100 }),
  manual: Type.Optional(Type.Boolean()),
  criteria: Type.Optional(RankCriteriaSchema),
  abilities: Type.Optional(Type.Partial(RankAbilitiesSchema)),
});
export type RankPost = Static<typeof RankPostSchema>;

export const RankPatchSchema = Type.Partial(RankPostSchema, { minProperties: 1 });
export type RankPatch = Static<typeof RankPatchSchema>;

export const RankIDParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const RankUserParamsSchema = Type.Object({ userID: Type.Integer({ minimum: 1 }) });

/** `PUT /ranks/user/{userID}`: give a member a rank by hand, or `null` to go back to their earned rank. */
export const UserRankPutSchema = Type.Object({
  rankID: Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]),
});
export type UserRankPut = Static<typeof UserRankPutSchema>;

/** A member's rank: the one they hold (or null) and whether a moderator gave it. */
export const UserRankSchema = Type.Object({
  userID: Type.Integer(),
  rank: Type.Union([Type.Null(), RankSchema]),
  manual: Type.Boolean(),
});
export type UserRank = Static<typeof UserRankSchema>;

/** The `rank` field of users (API.md 4.1). */
export const UserRankFieldSchema = Type.Object({
  rankID: Type.Integer(),
  name: Type.String(),
  userTitle: Type.String(),
});
