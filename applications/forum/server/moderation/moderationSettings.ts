import { defineSetting } from "@library/server/settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

/** A new member's first this-many posts wait for a moderator (0: off). */
export const NEW_MEMBER_POSTS_HELD = "moderation.newMemberPostsHeld";
/** A post whose spam score is over this is held (0: the spam score is off). */
export const SPAM_THRESHOLD = "moderation.spamThreshold";
/** SPEC 3's flag: the report-content icon button on posts (for members holding flag.add). */
export const ESCALATIONS_ENABLED = "featureFlags.escalations.Enabled";

export const DEFAULT_SPAM_THRESHOLD = 10;

defineSetting({
  key: NEW_MEMBER_POSTS_HELD,
  schema: Type.Integer({ minimum: 0, maximum: 100 }),
  default: 0,
  read: "community.moderate",
  write: "community.manage",
});
defineSetting({
  key: SPAM_THRESHOLD,
  schema: Type.Integer({ minimum: 0, maximum: 1000 }),
  default: DEFAULT_SPAM_THRESHOLD,
  read: "community.moderate",
  write: "community.manage",
});
defineSetting({
  key: ESCALATIONS_ENABLED,
  schema: Type.Boolean(),
  default: false,
  read: "public",
  write: "community.manage",
});
