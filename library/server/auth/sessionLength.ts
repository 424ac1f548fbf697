import { Type } from "@sinclair/typebox";
import { defineSetting } from "../settings/settingsRegistry";

/** How many days "Keep me signed in" lasts (API.md 1.3: 30 days unless the administrator changes it). */
export const SESSION_DAYS_SETTING = "security.sessionDays";
export const DEFAULT_SESSION_DAYS = 30;
/** A session without "Keep me signed in" ends after this long idle, or sooner when the session length is shorter. */
export const BROWSER_SESSION_SECONDS = 24 * 60 * 60 * 14;

defineSetting({
  key: SESSION_DAYS_SETTING,
  schema: Type.Integer({ minimum: 1, maximum: 365 }),
  default: DEFAULT_SESSION_DAYS,
  read: "site.manage",
  write: "site.manage",
});

/** How long sessions last on the server (sliding with use) and the "Keep me signed in" cookie. */
export interface SessionLifetimes {
  /** "Keep me signed in": the cookie's max-age and the session's expiry. */
  persistSeconds: number;
  /** A browser-session cookie's session on the server. */
  browserSeconds: number;
}

export function sessionLifetimes(days: number): SessionLifetimes {
  const persistSeconds = days * 24 * 60 * 60;
  return { persistSeconds, browserSeconds: Math.min(BROWSER_SESSION_SECONDS, persistSeconds) };
}

export const DEFAULT_SESSION_LIFETIMES = sessionLifetimes(DEFAULT_SESSION_DAYS);

/** The lifetimes from the stored setting (the settings cache; no database read, so safe inside a transaction). */
export function configuredSessionLifetimes(settings: { peek<T>(key: string): T }): SessionLifetimes {
  return sessionLifetimes(settings.peek<number>(SESSION_DAYS_SETTING));
}
