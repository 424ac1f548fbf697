import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notificationKindLabel } from "@forum/api/notificationKinds";
import type { AppContext } from "@library/server/app/appContext";
import { readUnsubscribeToken } from "@library/server/mail/unsubscribeLinks";
import { NOTIFICATION_PREFERENCES_PATH } from "@library/server/notifications/createNotifications";
import { turnOffNotificationEmail } from "@library/server/notifications/notificationPreferences";
import { html, type SafeHtml } from "@library/server/pages/html";
import { entryLayout } from "./entryForms";

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/**
 * The unsubscribe link at the foot of every notification mail. The signed token is the credential, so no
 * sign-in is needed. `POST` turns that kind's email off (a mail program's one-click button, RFC 8058, or the
 * page's button); `GET` only asks, so a link scanner that opens the mail changes nothing.
 */
export function unsubscribePageRoutes(app: FastifyInstance, context: AppContext): void {
  const send = (request: FastifyRequest, reply: FastifyReply, body: SafeHtml, status = 200) =>
    context.pages.send(request, reply, { title: request.t("Unsubscribe"), body, status, noIndex: true });
  const invalid = (request: FastifyRequest, reply: FastifyReply) =>
    send(
      request,
      reply,
      entryLayout(
        request.t("Unsubscribe"),
        html`<p class="entryPage-message" role="alert">
          ${request.t("This unsubscribe link is not valid.")}
        </p>`,
      ),
      404,
    );

  app.get("/unsubscribe/:token", async (request: TokenRequest, reply) => {
    const { t } = request;
    const target = await readUnsubscribeToken(context.db, request.params.token);
    if (!target) return invalid(request, reply);
    const kind = t(notificationKindLabel(target.activityType));
    return send(
      request,
      reply,
      entryLayout(
        t("Unsubscribe"),
        html`<p class="entryPage-message">${t("Stop emails for: %s?").replace("%s", kind)}</p>
          <form method="post" action="/unsubscribe/${encodeURIComponent(request.params.token)}">
            <button type="submit" class="button button-primary entryForm-submit">${t("Unsubscribe")}</button>
          </form>`,
      ),
    );
  });

  app.post("/unsubscribe/:token", async (request: TokenRequest, reply) => {
    const { t } = request;
    const target = await readUnsubscribeToken(context.db, request.params.token);
    const done =
      target !== null &&
      (await context.db
        .transaction()
        .execute((trx) => turnOffNotificationEmail(trx, target.userID, target.activityType)));
    if (!target || !done) return invalid(request, reply);
    const kind = t(notificationKindLabel(target.activityType));
    return send(
      request,
      reply,
      entryLayout(
        t("Unsubscribed"),
        html`<p class="entryPage-message" role="status">
            ${t("You will no longer get emails for: %s.").replace("%s", kind)}
          </p>
          <p class="entryPage-links">
            <a href="${NOTIFICATION_PREFERENCES_PATH}">${t("Notification preferences")}</a>
          </p>`,
      ),
    );
  });
}
