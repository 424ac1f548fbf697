import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { AppContext } from "../app/appContext";
import { checkCsrf } from "../auth/csrf";
import { memberOfSessionCookie, resolveViewer, sessionCookieName } from "../auth/viewerResolver";
import { ClientError } from "../errors/httpErrors";
import type { Viewer } from "../permissions/viewer";
import { spendLightBudget, type LightBudget } from "./lightBudget";
import { isPlainPath, UNPLAIN_PATH_MESSAGE } from "./requestRoute";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A light route (`lightRoutes.ts`): none of the hooks registered on the root server after
     * `skipHooksOnLightRoutes` run for it (no viewer, locale, caches, compression, security headers, rate
     * limits); it resolves what it needs itself.
     */
    light?: boolean;
    /**
     * What one client address may send a light route (`lightBudget.ts`): the rate limits it skips, kept in
     * memory per process and spent before the route validates its body; 429 with `Retry-After` once spent.
     */
    lightBudget?: LightBudget;
  }
  interface FastifyRequest {
    /** Whether the request's route is light: worked out by the first root hook that asks, then kept. */
    lightRoute: boolean | null;
  }
}

/** The hooks that take `(request, reply, done)`, and those that also pass the payload on. */
const REQUEST_HOOKS = new Set(["onRequest", "preValidation", "preHandler", "onResponse"]);
const PAYLOAD_HOOKS = new Set(["preSerialization", "onSend"]);

type Hook = (this: unknown, ...args: unknown[]) => unknown;
type Done = (error?: Error | null, payload?: unknown) => void;

/** Whether the request's route declared `config: { light: true }`. */
export function isLightRoute(request: FastifyRequest): boolean {
  request.lightRoute ??= request.routeOptions.config.light === true;
  return request.lightRoute;
}

function skippingLightRoutes(name: string, hook: Hook): Hook {
  if (REQUEST_HOOKS.has(name))
    return function (this: unknown, request, reply, done) {
      if (isLightRoute(request as FastifyRequest)) return (done as Done)();
      return hook.call(this, request, reply, done);
    };
  if (PAYLOAD_HOOKS.has(name))
    return function (this: unknown, request, reply, payload, done) {
      if (isLightRoute(request as FastifyRequest)) return (done as Done)(null, payload);
      return hook.call(this, request, reply, payload, done);
    };
  return hook;
}

/**
 * Light routes: API routes called so often (a beacon sent with every page view) that the platform's work for
 * every request (the session and viewer with its roles, the reader's language, caches, compression, ETag,
 * security headers, rate limits, the two-factor policy, the audit log, absolute links) would cost many times what
 * they do. Call this where the server is assembled, on the root server and on the API's scope: every request
 * hook added on that instance from then on (by the platform or a plugin) is skipped for a route declared with
 * `config: { light: true }`. What was registered before (the draining answer, the cache layer's look at other
 * processes' writes) and the hooks of the route's own scope (its add-on being enabled) still run. A light route
 * checks its request with `checkLightRequest`, finds its sender with `lightRequestMember` and reads cookies with
 * `lightRequestCookie`; it writes no cached record (it says so with `noteChanged(request)`), and it gets no guest
 * cache or compression (answer small bodies).
 */
export function skipHooksOnLightRoutes(instance: FastifyInstance): void {
  if (!instance.hasRequestDecorator("lightRoute")) {
    instance.decorateRequest("lightRoute", null);
    // Once, on the outermost instance (its scopes hear its routes too): a route's budget becomes its own hook.
    instance.addHook("onRoute", (route) => {
      const budget = route.config?.lightBudget;
      if (!budget) return;
      const existing = route.preValidation;
      route.preValidation = [
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
        spendLightBudget(budget),
      ];
    });
  }
  // The instance's own (Fastify's, or its parent's already skipping), called with the instance that asks: a
  // plugin's scope inherits this one, and its hooks are not skipped.
  const addHook = Reflect.get(instance, "addHook") as (
    this: FastifyInstance,
    name: string,
    hook: Hook,
  ) => FastifyInstance;
  const addHookSkippingLight = function (this: FastifyInstance, name: string, hook: Hook): FastifyInstance {
    return addHook.call(this, name, this === instance ? skippingLightRoutes(name, hook) : hook);
  };
  Object.assign(instance, { addHook: addHookSkippingLight });
}

function isBearer(request: FastifyRequest): boolean {
  return request.headers.authorization?.startsWith("Bearer ") === true;
}

/**
 * The checks a light route keeps from the skipped ones, as a route `onRequest` hook: a plainly written path, a
 * known host, and for a write the CSRF rule of every other API write (API.md 1.4; bearer-token calls are exempt
 * there too), so a light write is no cross-site hole.
 */
export function checkLightRequest(context: AppContext) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    try {
      if (!isPlainPath(request.url)) throw new ClientError(UNPLAIN_PATH_MESSAGE);
      context.origin.checkHost(request);
      if (!isBearer(request)) checkCsrf(request, context.config.siteUrl);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}

/** One cookie of the request, read from its header without parsing the others (light routes). */
export function lightRequestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  let at = header.indexOf(`${name}=`);
  while (at > 0 && header[at - 1] !== " " && header[at - 1] !== ";") at = header.indexOf(`${name}=`, at + 1);
  if (at === -1) return undefined;
  const start = at + name.length + 1;
  const end = header.indexOf(";", start);
  const raw = (end === -1 ? header.slice(start) : header.slice(start, end)).trim();
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The member who sent a light request, or null for a guest: the member of a valid session cookie, through the
 * session cache every request uses (a signed-out, revoked or expired session, a banned or deleted member: null,
 * in every process once the write that ended it is published), or of a bearer token (401 when it is invalid).
 */
export async function lightRequestMember(
  context: AppContext,
  request: FastifyRequest,
): Promise<Viewer | null> {
  if (isBearer(request)) return (await resolveViewer(context, request)).viewer;
  const token = lightRequestCookie(request, sessionCookieName(context));
  return token ? memberOfSessionCookie(context, token) : null;
}
