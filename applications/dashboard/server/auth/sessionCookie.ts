import type { AppContext } from "@library/server/app/appContext";
import { configuredSessionLifetimes } from "@library/server/auth/sessionLength";
import type { SessionClient } from "@library/server/auth/sessions";
import { sessionCookieName } from "@library/server/auth/viewerResolver";
import type { FastifyReply, FastifyRequest } from "fastify";

function cookiePath(context: AppContext): string {
  return context.settings.peek<string>("garden.cookie.path");
}

/**
 * Secure when the site is served over HTTPS: an https `SITE_URL` says so even when a proxy ends TLS and the
 * request reaches us as plain http (without `TRUST_PROXY`, the forwarded protocol is not believed).
 */
function secureCookie(context: AppContext, request: FastifyRequest): boolean {
  return request.protocol === "https" || /^https:\/\//i.test(context.config.siteUrl ?? "");
}

/**
 * API.md 1.3: HttpOnly, SameSite=Lax, Secure on HTTPS; a browser-session cookie unless "remember me", then
 * the session length (Security settings; 30 days by default).
 */
export function setSessionCookie(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  persist: boolean,
): void {
  void reply.setCookie(sessionCookieName(context), token, {
    path: cookiePath(context),
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookie(context, request),
    ...(persist ? { maxAge: configuredSessionLifetimes(context.settings).persistSeconds } : {}),
  });
}

export function clearSessionCookie(context: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(sessionCookieName(context), {
    path: cookiePath(context),
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookie(context, request),
  });
}

/** The session token the request carries in its cookie, if any. */
export function requestSessionToken(context: AppContext, request: FastifyRequest): string | null {
  return request.cookies[sessionCookieName(context)] ?? null;
}

/** Where a new session comes from: the browser's User-Agent and the address, for the member's session list. */
export function sessionClientOf(request: FastifyRequest): SessionClient {
  const agent = request.headers["user-agent"];
  return { userAgent: typeof agent === "string" ? agent : null, ipAddress: request.ip || null };
}
