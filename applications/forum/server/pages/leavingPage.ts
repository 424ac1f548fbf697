import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { safeExternalTarget } from "@library/server/http/safeTarget";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { html } from "@library/server/pages/html";

/** `/home/leaving?Target=…`: the interstitial for external links (SPEC 2). */
export function leavingPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/home/leaving", async (request: FastifyRequest<{ Querystring: { Target?: string } }>, reply) => {
    const { t } = request;
    const target = safeExternalTarget(request.query.Target);
    if (!target) return sendErrorPage(context.pages, request, reply, 404);
    const siteTitle = await context.settings.get<string>("garden.title");
    const body = html`<div class="entryPage"><div class="entryPage-card">
      <h1 class="entryPage-title">${t("Leaving")} ${siteTitle}</h1>
      <p class="entryPage-message">${t("You are about to leave the community for another site:")}</p>
      <p class="leavingPage-target"><code>${target}</code></p>
      <p class="entryPage-links">
        <a class="button button-primary" href="${target}" rel="nofollow noopener noreferrer">${t("Continue")}</a>
        <a href="/">${t("Back to Home")}</a>
      </p>
    </div></div>`;
    return context.pages.send(request, reply, { title: t("Leaving"), body, noIndex: true });
  });
}
