import type { RateLimitRule } from "@library/server/security/rateLimits";

/** Messages and new conversations per member: a burst of 20 a minute is a conversation, more is a flood. */
export const CONVERSATION_RATE_LIMITS: RateLimitRule[] = [
  ...["/api/v2/messages", "/messages/:conversationID"].map((url): RateLimitRule => ({
    action: "messages.add",
    method: "POST",
    url,
    count: 20,
    seconds: 60,
    per: "user",
  })),
  ...["/api/v2/conversations", "/messages/add", "/messages/add/:name"].map((url): RateLimitRule => ({
    action: "conversations.add",
    method: "POST",
    url,
    count: 10,
    seconds: 600,
    per: "user",
  })),
];
