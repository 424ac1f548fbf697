import type { DashboardBootstrap } from "@forum/api/dashboard";
import type { AppContext } from "@library/server/app/appContext";
import { html, jsonForScript, raw } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readPackageVersion } from "./siteVersion";

/**
 * `/dashboard` and every path under it: the dashboard bundle's route tree in `<div id="app">`, with the sections
 * this viewer may open embedded so the navigation renders without a request. A guest is sent to sign in; a
 * member with no section, or at a section they may not use, gets the permission page (403); a path no section
 * has is 404; a moderator at `/dashboard` goes to their first section.
 */
export function dashboardAppPages(app: FastifyInstance, context: AppContext): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = request.viewer;
    if (viewer.isGuest) return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
    const sections = context.dashboard.visibleTo(viewer, request.t);
    if (sections.length === 0) return sendErrorPage(context.pages, request, reply, 403);
    const path = (request.url.split("?")[0] ?? "").replace(/^\/dashboard\/?/, "").replace(/\/+$/, "");
    const access = context.dashboard.access(viewer, path);
    // A moderator's dashboard starts at their first section (the overview is the administrator's).
    if (path === "" && access === "forbidden")
      return reply.redirect(`/dashboard/${sections[0]?.path ?? ""}`, 302);
    if (access === "forbidden") return sendErrorPage(context.pages, request, reply, 403);
    if (access === "unknown") return sendErrorPage(context.pages, request, reply, 404);
    const bootstrap: DashboardBootstrap = {
      sections,
      version: readPackageVersion(),
      dialect: context.dialect,
    };
    return context.pages.send(request, reply, {
      title: request.t("Dashboard"),
      entry: "dashboard",
      bodyClass: "dashboardPage",
      noIndex: true,
      body: html`<div id="app" class="app dashboardApp"></div>
        <script type="application/json" id="dashboard-bootstrap">${raw(jsonForScript(bootstrap))}</script>`,
    });
  };
  app.get("/dashboard", handler);
  app.get("/dashboard/*", handler);
}
