import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError } from "@library/server/errors/httpErrors";
import { html, raw } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  presentNotification,
} from "@library/server/notifications/notificationsQueries";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const PAGE_SIZE = 30;

function signInRedirect(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
}

/**
 * `/notifications`: the signed-in member's notifications, newest first, each linking through its read URL,
 * with a 'Mark All Read' form button; `/notifications/{id}/read` marks one read and goes on to its target.
 */
export function notificationsPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/notifications", async (request: FastifyRequest<{ Querystring: { page?: string } }>, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest) return signInRedirect(request, reply);
    const pageParam = request.query.page ?? "1";
    if (!/^\d{1,6}$/.test(pageParam) || Number(pageParam) < 1)
      return sendErrorPage(context.pages, request, reply, 404);
    const page = Number(pageParam);
    const rows = await listNotifications(context.db, viewer.userID, page, PAGE_SIZE);
    const items = rows.map(presentNotification);
    const body = html`<div class="listPage notificationsPage">
      <h1 class="listPage-title">${t("Notifications")}</h1>
      <form method="post" action="/notifications/markAllRead" class="notificationsPage-markAll">
        <button type="submit" class="button">${t("Mark All Read")}</button>
      </form>
      ${
        items.length === 0
          ? html`<p class="notificationsPage-empty">${t("There are no notifications yet.")}</p>`
          : html`<ul class="notificationsPage-list">
              ${items.map(
                (item) =>
                  html`<li class="notificationsPage-item${item.read ? "" : " isUnread"}">
                    <a href="${item.readUrl}">${raw(item.body)}</a>
                    <time datetime="${item.dateInserted}">${item.dateInserted.slice(0, 10)}</time>
                  </li>`,
              )}
            </ul>`
      }
      <nav class="notificationsPage-pager" aria-label="${t("Pages")}">
        ${page > 1 ? html`<a rel="prev" href="/notifications${page > 2 ? `?page=${page - 1}` : ""}">${t("Previous")}</a>` : ""}
        ${rows.length === PAGE_SIZE ? html`<a rel="next" href="/notifications?page=${page + 1}">${t("Next")}</a>` : ""}
      </nav>
    </div>`;
    return context.pages.send(request, reply, { title: t("Notifications"), body, noIndex: true });
  });

  app.get(
    "/notifications/:notificationID/read",
    async (request: FastifyRequest<{ Params: { notificationID: string } }>, reply) => {
      if (request.viewer.isGuest) return signInRedirect(request, reply);
      if (!/^\d{1,10}$/.test(request.params.notificationID))
        return sendErrorPage(context.pages, request, reply, 404);
      try {
        const row = await markNotificationRead(
          context.db,
          request.viewer.userID,
          Number(request.params.notificationID),
        );
        await context.live.publish({ type: "counts", userID: request.viewer.userID });
        return reply.redirect(row.url);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // Someone else's notification is as absent as a missing one.
        return sendErrorPage(context.pages, request, reply, 404);
      }
    },
  );

  app.post("/notifications/markAllRead", async (request, reply) => {
    checkFormOrigin(request, context.config.siteUrl);
    if (request.viewer.isGuest) return signInRedirect(request, reply);
    await markAllNotificationsRead(context.db, request.viewer.userID);
    await context.live.publish({ type: "counts", userID: request.viewer.userID });
    return reply.redirect("/notifications", 303);
  });
}
