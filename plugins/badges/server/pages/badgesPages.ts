import type { AppContext } from "@library/server/app/appContext";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { html } from "@library/server/pages/html";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badgeUrl } from "../../api/badgesApi";
import { listRecipients } from "../badges/badgeQueries";
import { getBadgeRowBySlug, listBadgeRows, presentBadge } from "../badges/badgeRows";
import { badgeGrid, holdersLabel, pointsLabel, recipientList } from "./badgeFragments";

/** How many holders a badge page lists. */
const RECIPIENTS_SHOWN = 100;

/** `/badges` (every badge) and `/badges/{slug}` (one badge and who holds it), readable without script. */
export function badgesPages(app: FastifyInstance, context: AppContext): void {
  app.get("/badges", async (request, reply) => {
    const { t } = request;
    const badges = (await listBadgeRows(context.db)).map(presentBadge);
    const body = html`<div class="listPage badgesPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("Badges")}</h1></div>
      <p class="badgesPage-intro">${t("Badges are earned by taking part: posting, helping others and staying around. Each one gives points.")}</p>
      ${badgeGrid(badges, t)}
    </div>`;
    return context.pages.send(request, reply, { title: t("Badges"), body, canonicalPath: "/badges" });
  });

  app.get("/badges/:slug", async (request: FastifyRequest<{ Params: { slug: string } }>, reply) => {
    const { t } = request;
    const row = await getBadgeRowBySlug(context.db, request.params.slug);
    if (!row) return sendErrorPage(context.pages, request, reply, 404);
    const badge = presentBadge(row);
    const recipients = await listRecipients(context.db, badge.badgeID, 1, RECIPIENTS_SHOWN);
    const body = html`<div class="listPage badgePage">
      <nav class="breadcrumbs" aria-label="${t("Breadcrumb")}"><a href="/badges">${t("Badges")}</a></nav>
      <header class="badgePage-header">
        <span class="badgePage-icon" aria-hidden="true">${badge.icon}</span>
        <div>
          <h1 class="listPage-title">${badge.name}</h1>
          <p class="badgePage-description">${badge.description}</p>
          <p class="badgePage-meta">${holdersLabel(badge.countRecipients, t)} · ${pointsLabel(badge.points, t)}</p>
        </div>
      </header>
      <h2 class="profileSection-title">${t("Earned by")}</h2>
      ${recipientList(recipients, t)}
    </div>`;
    return context.pages.send(request, reply, {
      title: badge.name,
      body,
      description: badge.description,
      canonicalPath: badgeUrl(badge.slug),
    });
  });
}
