import type { FastifyInstance } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html, widget } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { getEditableProfile } from "@library/server/users/userProfiles";

/**
 * `/profile/edit`: the signed-in member's own profile form. The `ProfileEditForm` widget saves through
 * `PATCH /users/{id}`; without JavaScript the page says so. Guests get the permission page (with Sign In).
 */
export function profileEditPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/profile/edit", async (request, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest) return sendErrorPage(context.pages, request, reply, 403);
    const profile = await getEditableProfile(context.db, viewer.userID);
    if (!profile) return sendErrorPage(context.pages, request, reply, 404);
    const fallback = html`<p class="emptyMessage">${t("Loading…")}</p>
      <noscript><p class="emptyMessage">${t("Editing your profile needs JavaScript.")}</p></noscript>`;
    const body = html`<div class="profilePage profileEditPage">
      <h1 class="profileEditPage-title">${t("Edit Profile")}</h1>
      ${widget("div", "ProfileEditForm", profile, fallback, { class: "profileEditForm" })}
      <h2 class="profileEditPage-sectionTitle" id="sessions">${t("Signed-in browsers")}</h2>
      ${widget("div", "AccountSessions", {}, html`<p class="emptyMessage">${t("Loading…")}</p>`, { class: "accountSessionsMount" })}
      <h2 class="profileEditPage-sectionTitle" id="two-factor">${t("Two-factor authentication")}</h2>
      ${widget("div", "TwoFactorSettings", {}, html`<p class="emptyMessage">${t("Loading…")}</p>`, { class: "twoFactorMount" })}
      <h2 class="profileEditPage-sectionTitle" id="your-data">${t("Your data")}</h2>
      <p class="profileEditPage-help">
        ${t("Download everything this site keeps about you: your profile, posts, reactions, bookmarks and messages.")}
      </p>
      <a class="button" href="/api/v2/users/$me/export" download>${t("Download my data")}</a>
    </div>`;
    return context.pages.send(request, reply, { title: t("Edit Profile"), body, noIndex: true });
  });
}
