import type { DbOrTx } from "../db/database";
import { isoPlusSeconds, nowIso } from "../http/dates";
import { randomToken } from "./passwords";
import { DEFAULT_SESSION_LIFETIMES, type SessionLifetimes } from "./sessionLength";
import { hashToken } from "./tokens";

/** A browser session without "remember me" still expires on the server after this long idle (by default). */
export const SESSION_SECONDS = DEFAULT_SESSION_LIFETIMES.browserSeconds;
/** "Remember me": 30 days by default (API.md 1.3, Garden.Cookie.PersistExpiry); the session length setting. */
export const PERSISTENT_SESSION_SECONDS = DEFAULT_SESSION_LIFETIMES.persistSeconds;

function secondsFor(persist: boolean, lifetimes: SessionLifetimes): number {
  return persist ? lifetimes.persistSeconds : lifetimes.browserSeconds;
}
/** Last-seen and last-active dates are written at most this often, so reads stay write-free. */
export const ACTIVITY_WRITE_SECONDS = 5 * 60;

export interface SessionRow {
  sessionID: string;
  userID: number;
  dateLastSeen: string;
  persist: number;
}

/** Where a session is opened from (shown in the member's list of sessions). */
export interface SessionClient {
  userAgent?: string | null;
  ipAddress?: string | null;
}

export async function createSession(
  db: DbOrTx,
  userID: number,
  persist: boolean,
  client: SessionClient = {},
  lifetimes: SessionLifetimes = DEFAULT_SESSION_LIFETIMES,
): Promise<{ token: string }> {
  const token = randomToken();
  const now = nowIso();
  await db
    .insertInto("sessions")
    .values({
      sessionID: hashToken(token),
      userID,
      dateInserted: now,
      dateLastSeen: now,
      dateExpires: isoPlusSeconds(secondsFor(persist, lifetimes)),
      persist: persist ? 1 : 0,
      userAgent: client.userAgent ? client.userAgent.slice(0, 300) : null,
      ipAddress: client.ipAddress ?? null,
    })
    .execute();
  await db.updateTable("users").set({ dateLastActive: now }).where("userID", "=", userID).execute();
  return { token };
}

export async function findSession(db: DbOrTx, token: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom("sessions")
    .select(["sessionID", "userID", "dateLastSeen", "persist"])
    .where("sessionID", "=", hashToken(token))
    .where("dateExpires", ">", nowIso())
    .executeTakeFirst();
}

/** Slides the expiry (by the current session length) and records activity, at most once per ACTIVITY_WRITE_SECONDS. */
export async function touchSession(
  db: DbOrTx,
  session: SessionRow,
  lifetimes: SessionLifetimes = DEFAULT_SESSION_LIFETIMES,
): Promise<void> {
  if (Date.parse(session.dateLastSeen) > Date.now() - ACTIVITY_WRITE_SECONDS * 1000) return;
  const now = nowIso();
  // A session row kept between requests (the viewer cache) is now as seen.
  session.dateLastSeen = now;
  await db
    .updateTable("sessions")
    .set({
      dateLastSeen: now,
      dateExpires: isoPlusSeconds(secondsFor(session.persist === 1, lifetimes)),
    })
    .where("sessionID", "=", session.sessionID)
    .execute();
  await db.updateTable("users").set({ dateLastActive: now }).where("userID", "=", session.userID).execute();
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("sessionID", "=", hashToken(token)).execute();
}

export async function deleteUserSessions(db: DbOrTx, userID: number): Promise<void> {
  await db.deleteFrom("sessions").where("userID", "=", userID).execute();
}
