import Fastify, { LogController, type FastifyInstance } from "fastify";
import { handleClientError, sendFrameworkError } from "../errors/frameworkErrors";
import { parseQueryString } from "../http/queryString";
import { buildRequestValidator } from "../http/requestValidation";
import { buildResponseSerializer, SchemaCompilations } from "../http/schemaCompilations";
import type { AppContext } from "./appContext";
import { buildContext, type BuildAppOptions } from "./buildContext";
import { registerContentLocale } from "../translations/readerLocale";
import { registerReaderDates } from "../i18n/readerDates";
import { registerBodiesAndFiles, registerErrorPages, registerRoutes } from "./registerRoutes";
import { registerDrainingAndRouteList, registerRequestHooks, type RegisteredRoute } from "./requestHooks";
import { siteSections, type SiteSectionRegistry } from "../http/siteSections";
import { skipHooksOnLightRoutes } from "../http/lightRoutes";

export { migrationSets, type BuildAppOptions } from "./buildContext";
export { SHUTTING_DOWN_MESSAGE, type RegisteredRoute } from "./requestHooks";

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
  /**
   * Closes this many of the process's connections, each after its next answer (`Connection: close`): the
   * primary of several processes moves clients to a process that started after they connected.
   */
  shed: (connections: number) => void;
  /** Route schemas not compiled yet (they compile on first use): `compileAll` warms them up. */
  schemas: SchemaCompilations;
}

/**
 * Builds the whole server (API and pages) without listening, so tests drive it with `inject`. In order: the
 * server, the draining hook and route list, the context, the error pages, bodies and files, the request hooks,
 * then the routes.
 */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const schemas = new SchemaCompilations();
  const { config } = options;
  // SPEC 2 site sections: `/{slug}/…` is routed as `/…` for the section an add-on knows by that slug.
  let sections: SiteSectionRegistry | null = null;
  const app = Fastify({
    rewriteUrl: (raw) => (sections ? sections.rewrite(raw) : (raw.url ?? "/")),
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
  const { drain, shed, routes } = registerDrainingAndRouteList(app);
  const { context, registrations } = await buildContext(app, options);
  const sectionRegistry = siteSections(context);
  app.addHook("onRoute", (route) => sectionRegistry.noteRoute(route.url));
  sections = sectionRegistry;
  // Light routes (beacons sent with every page view) skip every request hook added from here on.
  skipHooksOnLightRoutes(app);
  const notFoundPage = registerErrorPages(app, context);
  await registerBodiesAndFiles(app, context);
  await registerRequestHooks(app, context);
  registerContentLocale(app, context);
  registerReaderDates(app);
  await registerRoutes(app, context, options.applications, registrations, notFoundPage);
  return { app, context, routes, drain, shed, schemas };
}
