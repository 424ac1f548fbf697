import fs from "node:fs";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CollectedRegistrations } from "../addons/addonRegistrar";
import { addonsRoutes } from "../addons/addonsRoutes";
import { registerAddonRoutes } from "../addons/loadAddons";
import { registerAuditLog } from "../audit/recordAudit";
import { registerErrorHandler } from "../errors/errorHandler";
import { registerAbsoluteLinks } from "../http/absoluteLinks";
import { registerJsonBodies } from "../http/jsonBodies";
import { skipHooksOnLightRoutes } from "../http/lightRoutes";
import { PAGING_EXPOSED_HEADERS } from "../http/pagination";
import { API_PREFIX } from "../http/requestRoute";
import { sendErrorPage } from "../pages/errorPages";
import { DEFAULT_FAVICON_URL } from "../pages/pageRenderer";
import type { AppContext } from "./appContext";
import { repositoryPath } from "./repositoryRoot";
import type { ServerApplication } from "./serverApplication";

export type NotFoundPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The error handler (API body or error page) and the 404 page; returns the 404 page for the routes to share. */
export function registerErrorPages(app: FastifyInstance, context: AppContext): NotFoundPage {
  const { config } = context;
  registerErrorHandler(app, config.debug, (request, reply, status) =>
    sendErrorPage(context.pages, request, reply, status),
  );
  const notFoundPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    // A missing static file has no viewer (no session lookup for files): a plain 404 body, not the page.
    request.viewer
      ? sendErrorPage(context.pages, request, reply, 404)
      : reply.status(404).type("application/json; charset=utf-8").send({ message: "Not Found", status: 404 });
  return notFoundPage;
}

/** Cookies, form and JSON bodies, the built bundles and static files, and the favicon. */
export async function registerBodiesAndFiles(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config, settings } = context;
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
}

/**
 * The API under `/api/v2` (the add-ons' own list, every application's routes, then the add-ons' routes) and the
 * pages at the site root (applications', then add-ons'), each owner's routes registered in isolation.
 */
export async function registerRoutes(
  app: FastifyInstance,
  context: AppContext,
  applications: readonly ServerApplication[],
  registrations: Map<string, CollectedRegistrations>,
  notFoundPage: NotFoundPage,
): Promise<void> {
  const { config, addons } = context;
  await app.register(
    async (api) => {
      // Light routes skip the API's own hooks too (audit log, absolute links, headers): see lightRoutes.ts.
      skipHooksOnLightRoutes(api);
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
      // The title bar's navigation and config are edited as stored: site paths stay relative.
      registerAbsoluteLinks(api, config.siteUrl, [
        `${API_PREFIX}/layouts`,
        `${API_PREFIX}/navigation`,
        `${API_PREFIX}/title-bar`,
      ]);
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
}
