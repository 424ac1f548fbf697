import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import { configuredSessionLifetimes } from "./sessionLength";
import { UnauthorizedError } from "../errors/httpErrors";
import { nowIso } from "../http/dates";
import type { GrantSnapshot } from "../permissions/roleGrants";
import { Viewer } from "../permissions/viewer";
import { findSession, touchSession } from "./sessions";
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
    const session = await findSession(context.db, cookie);
    if (session) {
      const viewer = await viewerForUser(context, session.userID, cookie);
      if (viewer) {
        await touchSession(context.db, session, configuredSessionLifetimes(context.settings));
        return { viewer, bearer: false };
      }
    }
  }
  return { viewer: guestViewer(await context.grants.get()), bearer: false };
}
