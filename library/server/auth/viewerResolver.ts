import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import { configuredSessionLifetimes } from "./sessionLength";
import { UnauthorizedError } from "../errors/httpErrors";
import { nowIso } from "../http/dates";
import type { GrantSnapshot } from "../permissions/roleGrants";
import { Viewer } from "../permissions/viewer";
import { findSession, touchSession, type SessionRow } from "./sessions";
import { sharedCacheFor, type SharedCache } from "../http/sharedCache";
import { hashToken } from "./tokens";

export const GUEST_NAME = "Guest";

let guestCache: { snapshot: GrantSnapshot; viewer: Viewer } | null = null;

/** The guest viewer, rebuilt only when the grants change: a guest request costs no query. */
export function guestViewer(snapshot: GrantSnapshot): Viewer {
  if (guestCache?.snapshot !== snapshot) {
    const viewer = new Viewer(
      { userID: 0, name: GUEST_NAME, isAdmin: false, banned: false, emailConfirmed: false },
      snapshot.rolesByType.get("guest") ?? [],
      snapshot,
    );
    guestCache = { snapshot, viewer };
  }
  return guestCache.viewer;
}

export async function viewerForUser(
  context: AppContext,
  userID: number,
  sessionToken: string | null = null,
): Promise<Viewer | null> {
  const user = await context.db
    .selectFrom("users")
    .select(["userID", "name", "isAdmin", "banned", "deleted", "emailConfirmed"])
    .where("userID", "=", userID)
    .executeTakeFirst();
  if (!user || user.deleted || user.banned) return null;
  const roles = await context.db
    .selectFrom("userRoles")
    .select("roleID")
    .where("userID", "=", userID)
    .execute();
  const snapshot = await context.grants.get();
  const roleIDs = roles.map((role) => role.roleID);
  const adminRoleIDs = snapshot.rolesByType.get("administrator") ?? [];
  const isAdmin = user.isAdmin === 1 || roleIDs.some((roleID) => adminRoleIDs.includes(roleID));
  return new Viewer(
    {
      userID: user.userID,
      name: user.name,
      isAdmin,
      banned: false,
      emailConfirmed: user.emailConfirmed === 1,
    },
    roleIDs,
    snapshot,
    sessionToken,
  );
}

export function sessionCookieName(context: AppContext): string {
  return context.settings.peek<string>("garden.cookie.name");
}

interface SessionViewer {
  session: SessionRow;
  viewer: Viewer;
}

const sessionViewers = new WeakMap<object, SharedCache<SessionViewer>>();

/**
 * The member behind a session cookie. Kept between requests as the shared pages are (`sharedPageSeconds`, retired
 * by any write and by a change of grants): a member's busy reading costs no query for who they
 * are, and a sign-out, ban or role change here applies at once (in another process within those seconds).
 */
async function sessionViewer(context: AppContext, token: string): Promise<SessionViewer | null> {
  const seconds = context.config.sharedPageSeconds;
  const grants = await context.grants.get();
  const cache = sharedCacheFor(sessionViewers, context, { maxEntries: 10_000, maxBytes: 8 * 1024 * 1024 });
  const generation = context.caches.memberVersion;
  const key = hashToken(token);
  const cached = seconds > 0 ? cache.get(key, generation, grants) : undefined;
  if (cached) return cached;
  const session = await findSession(context.db, token);
  const viewer = session ? await viewerForUser(context, session.userID, token) : null;
  if (!session || !viewer) return null;
  const found = { session, viewer };
  if (seconds > 0)
    cache.set(key, found, {
      seconds,
      madeIn: generation,
      generation: context.caches.memberVersion,
      grants,
      bytes: 600,
    });
  return found;
}

/**
 * The member of a session cookie's token, as `resolveViewer` finds them (the same cache, the same activity
 * write), or null for a signed-out, revoked or expired session or a banned or deleted member: for light routes,
 * which resolve no viewer of their own.
 */
export async function memberOfSessionCookie(context: AppContext, token: string): Promise<Viewer | null> {
  const known = await sessionViewer(context, token);
  if (!known) return null;
  await touchSession(context.db, known.session, configuredSessionLifetimes(context.settings));
  return known.viewer;
}

/** Bearer token, then session cookie, then guest. An invalid bearer token is 401; a stale cookie is a guest. */
export async function resolveViewer(
  context: AppContext,
  request: FastifyRequest,
): Promise<{ viewer: Viewer; bearer: boolean }> {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith("Bearer ")) {
    const token = await context.db
      .selectFrom("accessTokens")
      .select(["userID", "dateExpires"])
      .where("tokenHash", "=", hashToken(authorization.slice(7).trim()))
      .executeTakeFirst();
    const viewer =
      token && (!token.dateExpires || token.dateExpires > nowIso())
        ? await viewerForUser(context, token.userID)
        : null;
    if (!viewer) throw new UnauthorizedError("Invalid access token.");
    return { viewer, bearer: true };
  }
  const cookie = request.cookies[sessionCookieName(context)];
  if (cookie) {
    const known = await sessionViewer(context, cookie);
    if (known) {
      await touchSession(context.db, known.session, configuredSessionLifetimes(context.settings));
      return { viewer: known.viewer, bearer: false };
    }
  }
  return { viewer: guestViewer(await context.grants.get()), bearer: false };
}
