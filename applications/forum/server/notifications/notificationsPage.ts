import type { Notification } from "@forum/api/notifications";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import { html, raw, type SafeHtml } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { markAllNotificationsRead } from "@library/server/notifications/notificationsQueries";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { timeTag } from "../pageParts/fragments";
import {
  listNotificationGroups,
  markNotificationLineRead,
  type NotificationFilter,
} from "./notificationGroups";
import { presentNotificationGroups } from "./notificationsPresenter";

const PAGE_SIZE = 30;

type PageRequest = FastifyRequest<{ Querystring: { page?: string; filter?: string } }>;

function signInRedirect(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
}

function pageHref(filter: NotificationFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/notifications${query ? `?${query}` : ""}`;
}

function filterTabs(current: NotificationFilter, t: Translate): SafeHtml {
  const tabs: [NotificationFilter, string][] = [
    ["all", "All"],
    ["unread", "Unread"],
  ];
  return html`<nav class="listTabs-group" aria-label="${t("Filter notifications")}"><ul class="listTabs-list">${tabs.map(
    ([filter, label]) =>
      html`<li><a class="listTabs-tab" href="${pageHref(filter, 1)}"${filter === current ? html` aria-current="page"` : ""}>${t(label)}</a></li>`,
  )}</ul></nav>`;
}

function notificationItem(item: Notification, t: Translate): SafeHtml {
  const countNote =
    item.count > 1
      ? html`<span class="notificationItem-count">${item.count.toLocaleString("en-US")}</span>`
      : "";
  const markRead = item.read
    ? ""
    : html`<form method="post" action="/notifications/${String(item.notificationID)}/markRead" class="notificationItem-markRead">
        <button type="submit" class="button button--text button--compact" aria-label="${t("Mark as read")}">${t("Mark as read")}</button>
      </form>`;
  return html`<li class="notificationItem${item.read ? "" : " isUnread"}">
    <img class="userPhoto userPhoto-medium" src="${item.photoUrl ?? ""}" alt="" width="40" height="40" loading="lazy">
    <div class="notificationItem-main">
      <a class="notificationItem-link" href="${item.readUrl}">${raw(item.body)}</a>
      <div class="notificationItem-meta">
        ${item.read ? "" : html`<span class="notificationItem-unread">${t("Unread")}</span>`}
        ${countNote}
        ${timeTag(item.dateUpdated)}
      </div>
    </div>
    ${markRead}
  </li>`;
}

/**
 * `/notifications`: the signed-in member's notifications, newest first, a busy thread on one line ('Ana and 4
 * others commented on …'), All / Unread tabs, 'Mark All Read' and a 'Mark as read' button per unread line;
 * `/notifications/{id}/read` marks a line read and goes on to its target. Forms, so nothing needs script.
 */
export function notificationsPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/notifications", async (request: PageRequest, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest) return signInRedirect(request, reply);
    const pageParam = request.query.page ?? "1";
    if (!/^\d{1,6}$/.test(pageParam) || Number(pageParam) < 1)
      return sendErrorPage(context.pages, request, reply, 404);
    const page = Number(pageParam);
    const filter: NotificationFilter = request.query.filter === "unread" ? "unread" : "all";
    const groups = await listNotificationGroups(context.db, viewer.userID, {
      page,
      limit: PAGE_SIZE,
      filter,
    });
    const items = await presentNotificationGroups(context.db, viewer, groups, t);
    const empty =
      filter === "unread" ? t("You have no unread notifications.") : t("There are no notifications yet.");
    const body = html`<div class="listPage notificationsPage">
      <div class="listPage-header">
        <h1 class="listPage-title">${t("Notifications")}</h1>
        <form method="post" action="/notifications/markAllRead" class="notificationsPage-markAll">
          <button type="submit" class="button">${t("Mark All Read")}</button>
        </form>
      </div>
      <div class="listTabs">${filterTabs(filter, t)}</div>
      ${
        items.length === 0
          ? html`<p class="emptyMessage notificationsPage-empty">${empty}</p>`
          : html`<ul class="cardList notificationList">${items.map((item) => notificationItem(item, t))}</ul>`
      }
      <nav class="pager notificationsPage-pager" aria-label="${t("Pagination")}">
        ${page > 1 ? html`<a class="pager-link" rel="prev" href="${pageHref(filter, page - 1)}">${t("Previous Page")}</a>` : ""}
        ${groups.length === PAGE_SIZE ? html`<a class="pager-link" rel="next" href="${pageHref(filter, page + 1)}">${t("Next Page")}</a>` : ""}
      </nav>
    </div>`;
    return context.pages.send(request, reply, { title: t("Notifications"), body, noIndex: true });
  });

  const markLine = async (request: FastifyRequest<{ Params: { notificationID: string } }>) => {
    if (!/^\d{1,10}$/.test(request.params.notificationID)) return null;
    try {
      const row = await markNotificationLineRead(
        context.db,
        request.viewer.userID,
        Number(request.params.notificationID),
      );
      await context.live.publish({ type: "counts", userID: request.viewer.userID });
      return row;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Someone else's notification is as absent as a missing one.
      return null;
    }
  };

  app.get(
    "/notifications/:notificationID/read",
    async (request: FastifyRequest<{ Params: { notificationID: string } }>, reply) => {
      if (request.viewer.isGuest) return signInRedirect(request, reply);
      const row = await markLine(request);
      return row ? reply.redirect(row.url) : sendErrorPage(context.pages, request, reply, 404);
    },
  );

  app.post(
    "/notifications/:notificationID/markRead",
    async (request: FastifyRequest<{ Params: { notificationID: string } }>, reply) => {
      checkFormOrigin(request, context.config.siteUrl);
      if (request.viewer.isGuest) return signInRedirect(request, reply);
      const row = await markLine(request);
      return row ? reply.redirect("/notifications", 303) : sendErrorPage(context.pages, request, reply, 404);
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
