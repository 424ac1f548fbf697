import fs from "node:fs";
import cookie from "@fastify/cookie";
import etag from "@fastify/etag";
import fastifyStatic from "@fastify/static";
import formbody from "@fastify/formbody";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { discoverAddons, DEFAULT_PLUGINS_DIR, type AddonPackage } from "../addons/addonManifest";
import { AddonRuntime } from "../addons/addonRuntime";
import { DiscussionTypeRegistry } from "../addons/discussionTypes";
import { RecordExtenderRegistry } from "../addons/recordExtenders";
import { addonsRoutes } from "../addons/addonsRoutes";
import {
  applyRegistrations,
  collectRegistrations,
  loadAddonEntries,
  registerAddonRoutes,
  seedAddonPermissions,
} from "../addons/loadAddons";
import { checkCsrf } from "../auth/csrf";
import { resolveViewer } from "../auth/viewerResolver";
import type { ServerConfig } from "../config/config";
import type { DatabaseHandle } from "../db/database";
import { ensureDefaultRoles } from "../db/defaultRoles";
import { migrateToLatest, type MigrationSet } from "../db/migrate";
import { coreMigrations } from "../db/migrations/coreMigrations";
import { registerErrorHandler } from "../errors/errorHandler";
import { ClientError, ServiceUnavailableError } from "../errors/httpErrors";
import { GuestCache, registerGuestCache } from "../http/guestCache";
import { PAGING_EXPOSED_HEADERS } from "../http/pagination";
import { handleClientError, sendFrameworkError } from "../errors/frameworkErrors";
import { requireFlatForm } from "../http/pageForms";
import { registerTwoFactorPolicy } from "../auth/twoFactorPolicy";
import { registerCompression } from "../http/compression";
import { registerLastModified } from "../http/lastModified";
import { registerSecurityHeaders } from "../http/securityHeaders";
import { DEFAULT_FAVICON_URL } from "../pages/pageRenderer";
import { RateLimitRegistry, registerRateLimits } from "../security/rateLimits";
import { PersonalDataRegistry } from "../privacy/personalDataExport";
import { SiteOrigin } from "../http/siteOrigin";
import { registerAbsoluteLinks } from "../http/absoluteLinks";
import { registerJsonBodies } from "../http/jsonBodies";
import { buildRequestValidator } from "../http/requestValidation";
import {
  API_PREFIX,
  isApiRequest,
  isPlainPath,
  isUnderPrefix,
  UNPLAIN_PATH_MESSAGE,
} from "../http/requestRoute";
import { buildResponseSerializer, SchemaCompilations } from "../http/schemaCompilations";
import { parseQueryString, QUERY_ERROR, splitCsvArrays, type ParsedQuery } from "../http/queryString";
import { registerAuditLog } from "../audit/recordAudit";
import { DashboardSectionRegistry } from "../dashboard/dashboardSections";
import { EventBus } from "../events/eventBus";
import { JobQueue } from "../jobs/jobQueue";
import { Mailer } from "../mail/mailer";
import { createLiveBus } from "../notifications/liveBus";
import { sendErrorPage } from "../pages/errorPages";
import { PageRenderer } from "../pages/pageRenderer";
import { PageSlotRegistry } from "../pages/pageSlots";
import { TitleBarItemRegistry } from "../pages/titleBarItems";
import { GrantCache } from "../permissions/roleGrants";
import { SettingsStore } from "../settings/settingsStore";
import { MeCountRegistry } from "../users/meCounts";
import type { AppContext } from "./appContext";
import { readAuditLogHeaders } from "./requestContext";
import { repositoryPath } from "./repositoryRoot";
import type { ServerApplication } from "./serverApplication";

export interface BuildAppOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  /** The core applications: always on. */
  applications: readonly ServerApplication[];
  /** Add-on packages (default: every `plugins/<key>/addon.json`). */
  addons?: readonly AddonPackage[];
  /** How often each process re-reads which add-ons are enabled (default 2 s; 0 = only after its own change). */
  addonRefreshSeconds?: number;
  /** Run migrations before serving (default true). */
  migrate?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  /** Every route the app serves (method and pattern), in registration order: for route-wide tests. */
  routes: RegisteredRoute[];
  /**
   * Starts a shutdown: from now on every new request is answered 503 (with `Connection: close`), so clients
   * that race the shutdown get an answer to retry, never a reset connection.
   */
  drain: () => void;
  /** Route schemas not compiled yet (they compile on first use): `compileAll` warms them up. */
  schemas: SchemaCompilations;
}

export const SHUTTING_DOWN_MESSAGE = "The server is restarting. Try again in a moment.";

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether the route declares a body schema. */
  hasBody: boolean;
}

export function migrationSets(applications: readonly ServerApplication[]): MigrationSet[] {
  return [
    { owner: "core", migrations: coreMigrations },
    ...applications.flatMap((application) =>
      application.migrations ? [{ owner: application.key, migrations: application.migrations }] : [],
    ),
  ];
}

/** The product's version (package.json), shown for the core applications in the add-ons list. */
const PRODUCT_VERSION = "0.1.0";
/** Static files need no viewer: no session lookup for them. */
const STATIC_PREFIXES = ["/dist/", "/static/", "/applications/", "/plugins/", "/favicon.ico"];

/** Builds the whole server (API and pages) without listening, so tests drive it with `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, database, applications } = options;
  const schemas = new SchemaCompilations();
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // One log line per request costs throughput; request logs appear at debug and trace levels only.
    logController: new LogController({
      disableRequestLogging: !["debug", "trace"].includes(config.logLevel),
    }),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString, maxParamLength: 500 },
    bodyLimit: 2 * 1024 * 1024,
    forceCloseConnections: "idle",
    schemaController: {
      compilersFactory: {
        buildValidator: buildRequestValidator(schemas),
        buildSerializer: buildResponseSerializer(schemas),
      },
    },
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: handleClientError,
  });

  let draining = false;
  // First of all hooks: a draining server touches nothing (no session look-up, no database).
  app.addHook("onRequest", async (_request, reply) => {
    if (draining) {
      void reply.header("Connection", "close");
      throw new ServiceUnavailableError(SHUTTING_DOWN_MESSAGE);
    }
  });
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD") routes.push({ method, url: route.url, hasBody: Boolean(route.schema?.body) });
  });

  const addons = new AddonRuntime(database.db, app.log);
  await loadAddonEntries(
    addons,
    applications,
    options.addons ?? discoverAddons(DEFAULT_PLUGINS_DIR),
    PRODUCT_VERSION,
  );
  if (options.migrate !== false) {
    await migrateToLatest(database.db as never, migrationSets(applications));
    await ensureDefaultRoles(database.db);
    // Add-ons migrate when enabled (here, for the enabled ones, on the refresh below), never while disabled.
    addons.migrateOnEnable();
  }
  await addons.refresh();

  const settings = new SettingsStore(database.db);
  await settings.refresh();
  const context: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    settings,
    grants: new GrantCache(database.db),
    mailer: new Mailer(config),
    events: new EventBus(app.log),
    origin: new SiteOrigin(config, settings, database.db),
    rateLimits: new RateLimitRegistry(),
    personalData: new PersonalDataRegistry(),
    dashboard: new DashboardSectionRegistry(),
    jobs: new JobQueue(database.db, database.dialect, app.log),
    live: await createLiveBus(database, app.log),
    log: app.log,
    pages: null as unknown as PageRenderer,
    addons,
    meCounts: new MeCountRegistry(),
    titleBarItems: new TitleBarItemRegistry(),
    pageSlots: new PageSlotRegistry(),
    recordExtenders: new RecordExtenderRegistry(),
    discussionTypes: new DiscussionTypeRegistry(),
    guestCache: new GuestCache({
      seconds: config.guestCacheSeconds,
      maxEntries: 2000,
      maxBytes: 64 * 1024 * 1024,
    }),
  };
  context.pages = new PageRenderer(context);
  context.meCounts.setOwnerActivity(addons.isActive);
  context.titleBarItems.setOwnerActivity(addons.isActive);
  context.pageSlots.setOwnerActivity(addons.isActive);
  context.recordExtenders.setOwnerActivity(addons.isActive);
  context.events.setOwnerActivity(addons.isActive);
  context.dashboard.setOwnerActivity(addons.isActive);
  context.rateLimits.setOwnerActivity(addons.isActive);
  context.jobs.setOwnerActivity(addons.isActive);
  context.mailer.useJobs(context.jobs, database.db);
  context.discussionTypes.setOwnerActivity(addons.isActive);
  // A page rendered with an add-on's widgets must not outlive the add-on (and the other way round).
  addons.onChange(() => context.guestCache.invalidate());
  // What a job wrote (a notification, a count) is in the next page as a request's write is.
  context.jobs.onDone(() => context.guestCache.invalidate());

  const registrations = await collectRegistrations(addons, context);
  await applyRegistrations(addons, context, registrations);
  if (await seedAddonPermissions(addons, database.db)) context.grants.invalidate();
  addons.startRefreshing(options.addonRefreshSeconds ?? 2);

  app.addHook("onClose", async () => {
    addons.stopRefreshing();
    await context.jobs.stop();
    await context.events.settled();
    await context.live.close();
  });

  registerErrorHandler(app, config.debug, (request, reply, status) =>
    sendErrorPage(context.pages, request, reply, status),
  );
  const notFoundPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    // A missing static file has no viewer (no session lookup for files): a plain 404 body, not the page.
    request.viewer
      ? sendErrorPage(context.pages, request, reply, 404)
      : reply.status(404).type("application/json; charset=utf-8").send({ message: "Not Found", status: 404 });
  await app.register(cookie);
  await app.register(formbody);
  registerJsonBodies(app);
  if (fs.existsSync(config.distDir)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: "/dist/",
      // The build writes .br and .gz beside each bundle: served as they are, never compressed per request.
      preCompressed: true,
      immutable: true,
      maxAge: "365d",
      decorateReply: false,
    });
  }
  await app.register(fastifyStatic, {
    root: repositoryPath("library", "server", "pages", "public"),
    prefix: "/static/",
    maxAge: "1d",
    decorateReply: false,
  });

  // Browsers ask for /favicon.ico on their own: send them to the site's icon.
  app.get("/favicon.ico", async (_request, reply) =>
    reply.redirect(settings.peek<string>("branding.favicon") || DEFAULT_FAVICON_URL, 301),
  );

  app.decorateRequest("viewer", null as never);
  app.decorateRequest("bearerAuth", false);
  app.decorateRequest("auditLog", null);
  app.decorateRequest("t", null as never);
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
    request.t = context.pages.translator();
    if (viewer.has("site.manage") && !viewer.isGuest) await context.origin.learnFrom(request);
    request.siteOrigin = context.origin.forRequest(request);
    if (isApiRequest(request) && !bearer) checkCsrf(request, config.siteUrl);
  });

  registerCompression(app);
  registerGuestCache(app, context.guestCache);
  // A validator on every answer built in memory: a browser revalidating an unchanged page gets 304, no body.
  await app.register(etag, { algorithm: "sha1", weak: true });
  registerLastModified(app);
  registerSecurityHeaders(app, settings, config.siteUrl);
  registerTwoFactorPolicy(app, context);
  registerRateLimits(app, {
    db: database.db,
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

  await app.register(
    async (api) => {
      // JSON only (API.md 1.1): no form a page on another site can send; POST /media adds multipart itself.
      api.removeContentTypeParser(["application/x-www-form-urlencoded", "text/plain"]);
      api.addHook("onSend", async (_request, reply) => {
        reply.header("Access-Control-Expose-Headers", PAGING_EXPOSED_HEADERS);
        if (!reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-cache");
      });
      api.setNotFoundHandler((request, reply) => {
        void reply.status(404).send({
          message: "Not Found",
          status: 404,
          description: `No endpoint ${request.method} ${request.url.split("?")[0] ?? ""}.`,
        });
      });
      registerAuditLog(api, context);
      registerAbsoluteLinks(api, config.siteUrl, [`${API_PREFIX}/layouts`]);
      addonsRoutes(api, context);
      for (const application of applications) {
        try {
          await application.registerApi?.(api, context);
        } catch (error) {
          app.log.error(
            { err: error },
            `The ${application.key} application failed to load its API; skipped.`,
          );
        }
      }
      await registerAddonRoutes(api, addons, registrations, context, "api", notFoundPage);
    },
    { prefix: API_PREFIX },
  );

  app.setNotFoundHandler(notFoundPage);
  for (const application of applications) {
    try {
      await application.registerPages?.(app, context);
    } catch (error) {
      app.log.error({ err: error }, `The ${application.key} application failed to load its pages; skipped.`);
    }
  }
  await registerAddonRoutes(app, addons, registrations, context, "pages", notFoundPage);

  return {
    app,
    context,
    routes,
    drain: () => {
      draining = true;
    },
    schemas,
  };
}
