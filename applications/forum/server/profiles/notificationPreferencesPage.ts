import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html, widget } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { renderPageTreeHtml } from "@library/server/pages/pageTreeHtml";

/**
 * `/profile/preferences`: the signed-in member chooses, per kind of notification, whether it shows in their menu
 * and whether it is emailed. The `NotificationPreferencesForm` widget reads and saves
 * `GET/PATCH /notifications/preferences`. Guests get the permission page (with Sign In).
 */
export function notificationPreferencesPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/profile/preferences", async (request, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest) return sendErrorPage(context.pages, request, reply, 403);
    const fallback = html`<p class="emptyMessage">${t("Loading…")}</p>
      <noscript><p class="emptyMessage">${t("Changing your preferences needs JavaScript.")}</p></noscript>`;
    // Add-ons' sections (the digest frequency) follow the notification kinds.
    const sections = await context.pageSlots.nodes("profile.preferences", { app: context, viewer });
    const body = html`<div class="notificationPreferencesPage">
      <h1 class="notificationPreferencesPage-title">${t("Notification Preferences")}</h1>
      <p class="notificationPreferencesPage-help">
        ${t("Choose what shows in your notification menu and what we email you. Every email has a link to stop that kind of email.")}
      </p>
      ${widget("div", "NotificationPreferencesForm", {}, fallback, { class: "notificationPreferencesMount" })}
      ${renderPageTreeHtml(sections, {}, { t, viewer })}
    </div>`;
    return context.pages.send(request, reply, {
      title: t("Notification Preferences"),
      body,
      noIndex: true,
    });
  });
}
