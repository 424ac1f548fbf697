import type { AppContext } from "@library/server/app/appContext";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { html } from "@library/server/pages/html";
import { widget } from "@library/server/pages/html";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DRAFTS_DEFAULT_LIMIT, listOwnDrafts } from "./draftQueries";
import { draftBreadCrumbs } from "./draftBreadCrumbs";
import { presentDraft } from "./draftsPresenter";

type DraftsRequest = FastifyRequest<{ Querystring: { page?: string; status?: string } }>;

const STATUSES = ["draft", "scheduled", "error"] as const;

/** `/drafts`: the signed-in member's drafts, last edited first, each with Edit and Delete; guests sign in. */
export function draftPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/drafts", async (request: DraftsRequest, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest) return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
    const raw = request.query.page;
    if (raw !== undefined && !/^\d{1,4}$/.test(raw)) return sendErrorPage(context.pages, request, reply, 404);
    const status = STATUSES.find((name) => name === (request.query.status ?? "draft"));
    if (!status) return sendErrorPage(context.pages, request, reply, 404);
    const page = Math.max(1, Number(raw ?? 1));
    const { rows, total } = await listOwnDrafts(context, viewer, {
      page,
      limit: DRAFTS_DEFAULT_LIMIT,
      draftStatus: status,
    });
    const crumbs = await draftBreadCrumbs(context, viewer, rows);
    const drafts = rows.map((row) => presentDraft(row, true, crumbs.get(row.draftID) ?? []));
    const fallback = drafts.length
      ? html`<ul class="draftList">
          ${drafts.map(
            (draft) =>
              html`<li class="draftList-item"><a href="${draft.editUrl ?? "#"}">${draft.name || draft.excerpt || t("(Untitled)")}</a></li>`,
          )}
        </ul>`
      : html`<p class="emptyMessage">${t("You do not have any drafts.")}</p>`;
    const labels = { draft: "Drafts", scheduled: "Scheduled", error: "Errors" } as const;
    const tabs = html`<div class="listTabs"><nav class="listTabs-group" aria-label="${t("Draft status")}"><ul class="listTabs-list">${STATUSES.map(
      (name) =>
        html`<li><a class="listTabs-tab" href="${name === "draft" ? "/drafts" : `/drafts?status=${name}`}"${name === status ? html` aria-current="page"` : ""}>${t(labels[name])}</a></li>`,
    )}</ul></nav></div>`;
    const body = html`<div class="listPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("My Drafts")}</h1></div>
      ${tabs}
      ${widget("div", "DraftsList", { drafts, total, page, limit: DRAFTS_DEFAULT_LIMIT, status }, fallback, { class: "draftsList" })}
    </div>`;
    return context.pages.send(request, reply, { title: t("My Drafts"), body, noIndex: true });
  });
}
