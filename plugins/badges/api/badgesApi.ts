import { UserFragmentSchema } from "@forum/api/users";
import { Type, type Static } from "@sinclair/typebox";

/**
 * How a badge is earned: `manual` (a moderator awards it), `firstPost`, `comments` (at least `threshold`
 * comments), `reactions` (at least `threshold` positive reactions received), `anniversary` (`threshold` years
 * since joining).
 */
export const BADGE_TYPES = ["manual", "firstPost", "comments", "reactions", "anniversary"] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];
const BadgeTypeSchema = Type.Union(BADGE_TYPES.map((type) => Type.Literal(type)));

export const BadgeSchema = Type.Object({
  badgeID: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** A short symbol shown on the badge (an emoji). */
  icon: Type.String(),
  type: BadgeTypeSchema,
  threshold: Type.Union([Type.Null(), Type.Integer()]),
  /** Points the badge gives its holders. */
  points: Type.Integer(),
  countRecipients: Type.Integer(),
  url: Type.String(),
  dateInserted: Type.String(),
});
export type Badge = Static<typeof BadgeSchema>;

const Slug = Type.String({ minLength: 1, maxLength: 60, pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" });

export const BadgePostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** The page's address (`/badges/{slug}`); made from the name when absent. */
  slug: Type.Optional(Slug),
  description: Type.String({ maxLength: 500 }),
  icon: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  type: BadgeTypeSchema,
  threshold: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 1000000 })])),
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
});
export type BadgePost = Static<typeof BadgePostSchema>;

export const BadgePatchSchema = Type.Partial(BadgePostSchema, { minProperties: 1 });
export type BadgePatch = Static<typeof BadgePatchSchema>;

export const BadgeIDParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const BadgeUserParamsSchema = Type.Object({ userID: Type.Integer({ minimum: 1 }) });
export const BadgeRecipientParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  userID: Type.Integer({ minimum: 1 }),
});

/** `POST /badges/{id}/recipients`: a moderator awards a badge. */
export const BadgeAwardSchema = Type.Object({
  userID: Type.Integer({ minimum: 1 }),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
});
export type BadgeAward = Static<typeof BadgeAwardSchema>;

/** One badge a member holds. */
export const UserBadgeSchema = Type.Object({
  badge: BadgeSchema,
  userID: Type.Integer(),
  dateInserted: Type.String(),
  reason: Type.Union([Type.Null(), Type.String()]),
});
export type UserBadge = Static<typeof UserBadgeSchema>;

/** One holder of a badge. */
export const BadgeRecipientSchema = Type.Object({
  user: UserFragmentSchema,
  dateInserted: Type.String(),
  reason: Type.Union([Type.Null(), Type.String()]),
});
export type BadgeRecipient = Static<typeof BadgeRecipientSchema>;

export const PagingQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});

export const LeaderboardQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

/** A row of the points leaderboard (reactions received and badges give points). */
export const LeaderboardEntrySchema = Type.Object({
  user: UserFragmentSchema,
  points: Type.Integer(),
});
export type LeaderboardEntry = Static<typeof LeaderboardEntrySchema>;

export function badgeUrl(slug: string): string {
  return `/badges/${encodeURIComponent(slug)}`;
}
