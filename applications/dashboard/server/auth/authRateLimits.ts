import type { RateLimitRule } from "@library/server/security/rateLimits";

/**
 * Account actions an attacker would repeat, limited per address like the most trusted forums do (Discourse:
 * 10 sign-ins per minute per IP; a handful of accounts per address): the API call and its no-script form share
 * one counter. Administrators change the counts through `rateLimits.<action>` (0 turns a rule off).
 */
export const AUTH_RATE_LIMITS: RateLimitRule[] = [
  ...["/api/v2/authenticate/password", "/entry/signin"].map((url): RateLimitRule => ({
    action: "signIn",
    method: "POST",
    url,
    count: 10,
    seconds: 60,
    per: "ip",
  })),
  ...["/api/v2/users/register", "/entry/register"].map((url): RateLimitRule => ({
    action: "register",
    method: "POST",
    url,
    count: 10,
    seconds: 3600,
    per: "ip",
  })),
  ...["/api/v2/users/request-password", "/entry/passwordrequest"].map((url): RateLimitRule => ({
    action: "passwordRequest",
    method: "POST",
    url,
    count: 5,
    seconds: 3600,
    per: "ip",
  })),
];
