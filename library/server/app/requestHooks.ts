import type { FastifyInstance } from "fastify";
import { checkCsrf } from "../auth/csrf";
import { registerTwoFactorPolicy } from "../auth/twoFactorPolicy";
import { resolveViewer } from "../auth/viewerResolver";
import { ClientError, ServiceUnavailableError } from "../errors/httpErrors";
import { registerCompression } from "../http/compression";
import { contentDigest } from "../http/contentDigest";
import { registerGuestCache } from "../http/guestCache";
import { registerLastModified } from "../http/lastModified";
import { requireFlatForm } from "../http/pageForms";
import { RequestTurns } from "../http/requestTurns";
import { noteRequestArrival } from "../db/sqliteReadSnapshot";
import { QUERY_ERROR, splitCsvArrays, type ParsedQuery } from "../http/queryString";
import { isApiRequest, isPlainPath, isUnderPrefix, UNPLAIN_PATH_MESSAGE } from "../http/requestRoute";
import { registerSecurityHeaders } from "../http/securityHeaders";
import { frameAncestorSources } from "../http/frameAncestorSources";
import { registerRateLimits } from "../security/rateLimits";
import etag from "@fastify/etag";
import { LOCALE_COOKIE, SOURCE_LOCALE } from "@forum/api/locales";
import { resolveReaderLocale } from "../i18n/readerLocale";
import { translatorFor } from "../i18n/translate";
import type { AppContext } from "./appContext";
import { readAuditLogHeaders } from "./requestContext";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * When the request arrived (`performance.now()`), before it waited for its turn; Infinity (arrived now,
     * whenever that is) on a request that did not pass the first hook.
     */
    arrivedAt: number;
  }
  interface FastifyContextConfig {
    /**
     * `false` on a route whose user id does not mean acting on that user: a public profile read, a link proven
     * by a mailed code. Every other route with a user id in its path is held to the rank rule.
     */
    actsOnUser?: boolean;
  }
}

export const SHUTTING_DOWN_MESSAGE = "The server is restarting. Try again in a moment.";

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether the route declares a body schema. */
  hasBody: boolean;
  /** `false` when the route declares that its user id does not mean acting on that user (`config.actsOnUser`). */
  actsOnUser: boolean;
}

/** Static files need no viewer: no session lookup for them. */
const STATIC_PREFIXES = ["/dist/", "/static/", "/applications/", "/plugins/", "/favicon.ico"];

/**
 * The first hook of all, and the route list: returns what starts a shutdown (every new request answered 503), what
 * closes some connections after their next answer (`shed`: the primary of several processes moves clients to one
 * that started later), and every route the app serves, filled in as routes register.
 */
export function registerDrainingAndRouteList(app: FastifyInstance): {
  drain: () => void;
  shed: (connections: number) => void;
  routes: RegisteredRoute[];
} {
  let draining = false;
  let shedding = 0;
  const shedSockets = new WeakSet<object>();
  const turns = new RequestTurns();
  // First of all hooks: a draining server touches nothing (no session look-up, no database); every other request
  // waits for its turn (requestTurns.ts: one start per loop iteration, so new connections are accepted under load).
  app.decorateRequest("arrivedAt", Number.POSITIVE_INFINITY);
  app.addHook("onRequest", (request, reply, done) => {
    request.arrivedAt = performance.now();
    noteRequestArrival(request.arrivedAt);
    if (draining) {
      void reply.header("Connection", "close");
      done(new ServiceUnavailableError(SHUTTING_DOWN_MESSAGE));
      return;
    }
    if (shedding > 0 && !shedSockets.has(request.raw.socket)) {
      // Answered in full, then closed: the client opens a new connection, which may go to another process.
      shedSockets.add(request.raw.socket);
      shedding -= 1;
      void reply.header("Connection", "close");
    }
    turns.wait(done);
  });
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD")
        routes.push({
          method,
          url: route.url,
          hasBody: Boolean(route.schema?.body),
          actsOnUser: route.config?.actsOnUser !== false,
        });
  });
  return {
    drain: () => {
      draining = true;
    },
    shed: (connections) => {
      shedding = Math.max(0, Math.floor(connections));
    },
    routes,
  };
}

/**
 * The hooks every request passes: the viewer (session or token), the CSRF check, compression, caching headers,
 * security headers, two-factor policy, rate limits, and the query and parameter clean-up before validation.
 */
export async function registerRequestHooks(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, settings } = context;
  app.decorateRequest("viewer", null as never);
  app.decorateRequest("bearerAuth", false);
  app.decorateRequest("auditLog", null);
  app.decorateRequest("t", null as never);
  app.decorateRequest("locale", SOURCE_LOCALE);
  app.decorateRequest("siteOrigin", null);

  app.addHook("onRequest", async (request) => {
    if (!isPlainPath(request.url)) throw new ClientError(UNPLAIN_PATH_MESSAGE);
    const queryError = (request.query as ParsedQuery)[QUERY_ERROR];
    if (queryError) throw new ClientError(queryError);
    context.origin.checkHost(request);
    if (isUnderPrefix(request, STATIC_PREFIXES)) return;
    await settings.get("garden.cookie.name");
    const { viewer, bearer } = await resolveViewer(context, request);
    request.viewer = viewer;
    request.bearerAuth = bearer;
    request.auditLog = readAuditLogHeaders(request.headers);
    request.locale = await resolveReaderLocale(context, request);
    request.t = translatorFor(request.locale);
    if (viewer.has("site.manage") && !viewer.isGuest) await context.origin.learnFrom(request);
    request.siteOrigin = context.origin.forRequest(request);
    if (isApiRequest(request) && !bearer) checkCsrf(request, config.siteUrl);
  });

  registerCompression(app);
  registerGuestCache(app, context.guestCache);
  // A guest's pages are in the language of their cookie.
  context.guestCache.varyByCookie(LOCALE_COOKIE);
  // A validator on every answer built in memory: a browser revalidating an unchanged page gets 304, no body.
  await app.register(etag, { hashFn: contentDigest, weak: true });
  registerLastModified(app);
  registerSecurityHeaders(app, settings, config.siteUrl, () => frameAncestorSources(context).origins());
  registerTwoFactorPolicy(app, context);
  registerRateLimits(app, {
    db: context.db,
    settings,
    registry: context.rateLimits,
    enabled: config.rateLimits,
  });

  app.addHook("preValidation", async (request) => {
    if (!isApiRequest(request)) requireFlatForm(request.body);
    const schema = request.routeOptions.schema;
    if (schema?.querystring && request.query && typeof request.query === "object") {
      splitCsvArrays(request.query as Record<string, unknown>, schema.querystring);
    }
    // API.md 1.3 smart id: `$me` in a user-id segment is the session user (0 for a guest).
    const params = request.params as Record<string, unknown> | undefined;
    if (params)
      for (const [key, value] of Object.entries(params))
        if (value === "$me") params[key] = String(request.viewer.userID);
  });
}
