import type { FastifyRequest } from "fastify";
import { ForbiddenError } from "../errors/httpErrors";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * API.md 1.4: a mutating call not made with a bearer token must carry `X-Requested-With`, a `Referer` from
 * this site, and no foreign `Origin`. Sign-in and registration are covered too, so no other site can sign a
 * visitor in or out behind their back.
 */
/** The site's host as browsers write it in Origin/Referer (default ports dropped). */
function siteHostOf(request: FastifyRequest, siteUrl: string | null): string {
  return (hostOf(siteUrl ?? `${request.protocol}://${request.host}`) ?? request.host).toLowerCase();
}

export function checkCsrf(request: FastifyRequest, siteUrl: string | null): void {
  if (!MUTATING.has(request.method)) return;
  const siteHost = siteHostOf(request, siteUrl);
  const marker = request.headers["x-requested-with"];
  const refererHost = hostOf(request.headers.referer);
  const origin = request.headers.origin;
  const originOk = origin === undefined || hostOf(origin) === siteHost;
  if (!marker || refererHost !== siteHost || !originOk) throw new ForbiddenError("Invalid CSRF token.");
}

/** Same-site check for server-rendered form posts (no JavaScript, so no marker header). */
export function checkFormOrigin(request: FastifyRequest, siteUrl: string | null): void {
  const siteHost = siteHostOf(request, siteUrl);
  const origin = request.headers.origin;
  const source = origin && origin !== "null" ? hostOf(origin) : hostOf(request.headers.referer);
  if (source !== siteHost) throw new ForbiddenError("Invalid CSRF token.");
}
