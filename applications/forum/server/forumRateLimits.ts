import type { RateLimitRule } from "@library/server/security/rateLimits";

/**
 * Posting limits per member, about Discourse's (a new topic every 15 s, a post every 5 s): a burst of posts a
 * person can write is fine, a script's flood is stopped. Moderators are not limited; `rateLimits.<action>`
 * changes a count (0 turns it off).
 */
export const FORUM_RATE_LIMITS: RateLimitRule[] = [
  ...["/api/v2/discussions", "/post/discussion"].map((url): RateLimitRule => ({
    action: "discussions.add",
    method: "POST",
    url,
    count: 5,
    seconds: 60,
    per: "user",
  })),
  { action: "comments.add", method: "POST", url: "/api/v2/comments", count: 12, seconds: 60, per: "user" },
  ...["/api/v2/discussions/:id/reactions", "/api/v2/comments/:id/reactions"].map((url): RateLimitRule => ({
    action: "reactions.add",
    method: "POST",
    url,
    count: 60,
    seconds: 60,
    per: "user",
  })),
];
