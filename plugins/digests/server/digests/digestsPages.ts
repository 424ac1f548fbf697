import type { AppContext } from "@library/server/app/appContext";
import { readUnsubscribeToken, type UnsubscribeTarget } from "@library/server/mail/unsubscribeLinks";
import { html, type SafeHtml } from "@library/server/pages/html";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { setDigestChoice } from "./digestMembers";
import { DIGEST_UNSUBSCRIBE_KIND } from "./digestSend";

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

function card(title: string, content: SafeHtml): SafeHtml {
  return html`<div class="entryPage">
    <div class="entryPage-card">
      <h1 class="entryPage-title">${title}</h1>
      ${content}
    </div>
  </div>`;
}

async function digestTarget(context: AppContext, token: string): Promise<UnsubscribeTarget | null> {
  const target = await readUnsubscribeToken(context.db, token);
  return target?.activityType === DIGEST_UNSUBSCRIBE_KIND ? target : null;
}

/**
 * The unsubscribe link at the foot of every digest. The signed token is the credential, so no sign-in is
 * needed: `POST` (a mail program's one-click button, RFC 8058, or the page's button) turns the member's digests
 * off; `GET` only asks, so a link scanner that opens the mail changes nothing.
 */
export function digestsPages(app: FastifyInstance, context: AppContext): void {
  const send = (request: FastifyRequest, reply: FastifyReply, body: SafeHtml, status = 200) =>
    context.pages.send(request, reply, { title: request.t("Unsubscribe"), body, status, noIndex: true });
  const invalid = (request: FastifyRequest, reply: FastifyReply) =>
    send(
      request,
      reply,
      card(
        request.t("Unsubscribe"),
        html`<p class="entryPage-message" role="alert">${request.t("This unsubscribe link is not valid.")}</p>`,
      ),
      404,
    );

  app.get("/digests/unsubscribe/:token", async (request: TokenRequest, reply) => {
    const { t } = request;
    if (!(await digestTarget(context, request.params.token))) return invalid(request, reply);
    return send(
      request,
      reply,
      card(
        t("Unsubscribe"),
        html`<p class="entryPage-message">${t("Stop digest emails?")}</p>
          <form method="post" action="/digests/unsubscribe/${encodeURIComponent(request.params.token)}">
            <button type="submit" class="button button-primary entryForm-submit">${t("Unsubscribe")}</button>
          </form>`,
      ),
    );
  });

  app.post("/digests/unsubscribe/:token", async (request: TokenRequest, reply) => {
    const { t } = request;
    const target = await digestTarget(context, request.params.token);
    if (!target) return invalid(request, reply);
    const user = await context.db
      .selectFrom("users")
      .select("deleted")
      .where("userID", "=", target.userID)
      .executeTakeFirst();
    if (!user || user.deleted) return invalid(request, reply);
    await context.db.transaction().execute((trx) => setDigestChoice(trx, target.userID, "never"));
    return send(
      request,
      reply,
      card(
        t("Unsubscribed"),
        html`<p class="entryPage-message" role="status">${t("You will no longer get digest emails.")}</p>
          <p class="entryPage-links"><a href="/profile/preferences">${t("Notification preferences")}</a></p>`,
      ),
    );
  });
}
