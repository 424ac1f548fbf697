import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import { html, type SafeHtml } from "@library/server/pages/html";
import { confirmEmail, requestConfirmEmail } from "../auth/emailConfirmation";
import { requestPasswordReset, resetPassword } from "../auth/passwordReset";
import { entryLayout, formErrorSummary, formField, type FormErrors } from "./entryForms";

function message(title: string, text: string, link?: SafeHtml): SafeHtml {
  return entryLayout(
    title,
    html`<p class="entryPage-message" role="status">${text}</p>
      ${link ? html`<p class="entryPage-links">${link}</p>` : ""}`,
  );
}

/** Resending the confirmation email, confirming it from the mailed link, and resetting a forgotten password. */
export function accountEmailPageRoutes(app: FastifyInstance, context: AppContext): void {
  const send = (
    request: FastifyRequest,
    reply: Parameters<typeof context.pages.send>[1],
    title: string,
    body: SafeHtml,
    status = 200,
  ) => context.pages.send(request, reply, { title, body, status, noIndex: true });

  app.get("/entry/emailconfirmrequest", async (request, reply) => {
    const { t } = request;
    if (request.viewer.isGuest)
      return reply.redirect(`/entry/signin?Target=${encodeURIComponent("/entry/emailconfirmrequest")}`);
    const body = entryLayout(
      t("Resend confirmation email"),
      html`<p class="entryPage-message">
          ${t("We will send a new confirmation link to the email address of your account.")}
        </p>
        <form method="post" action="/entry/emailconfirmrequest">
          <button type="submit" class="button button-primary entryForm-submit">
            ${t("Resend confirmation email")}
          </button>
        </form>`,
    );
    return send(request, reply, t("Resend confirmation email"), body);
  });

  app.post("/entry/emailconfirmrequest", async (request, reply) => {
    const { t } = request;
    checkFormOrigin(request, context.config.siteUrl);
    if (request.viewer.isGuest) return reply.redirect("/entry/signin", 303);
    try {
      await requestConfirmEmail(context, request.viewer, request.viewer.userID, context.origin.forMail());
      return send(
        request,
        reply,
        t("Resend confirmation email"),
        message(
          t("Resend confirmation email"),
          t("A confirmation email has been sent. Follow the link in it to confirm your address."),
        ),
      );
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return send(
        request,
        reply,
        t("Resend confirmation email"),
        message("Resend confirmation email", error.message),
        error.status,
      );
    }
  });

  app.get(
    "/entry/emailconfirm/:userID/:code",
    { config: { actsOnUser: false } }, // the mailed code is the proof, whoever follows the link
    async (request: FastifyRequest<{ Params: { userID: string; code: string } }>, reply) => {
      const { t } = request;
      const userID = Number(request.params.userID);
      try {
        if (!Number.isInteger(userID) || userID < 1) throw new HttpError(404, "User not found.");
        await confirmEmail(context, userID, request.params.code);
        return send(
          request,
          reply,
          t("Email confirmed"),
          message(
            t("Email confirmed"),
            t("Your email address has been confirmed."),
            html`<a href="/">${t("Back to home page")}</a>`,
          ),
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return send(
          request,
          reply,
          t("Email confirmation"),
          message(t("Email confirmation"), error.message),
          error.status,
        );
      }
    },
  );

  const requestForm = (t: Translate, errors?: FormErrors) =>
    entryLayout(
      t("Reset my password"),
      html`<p class="entryPage-message">
          ${t("Enter your email address or username and we will send you a link to reset your password.")}
        </p>
        ${formErrorSummary(errors)}
        <form method="post" action="/entry/passwordrequest" class="entryForm" novalidate>
          ${formField({ name: "email", label: t("Email/Username"), required: true, autocomplete: "username", errors, maxLength: 100 })}
          <button type="submit" class="button button-primary entryForm-submit">
            ${t("Request a new password")}
          </button>
        </form>`,
    );

  app.get("/entry/passwordrequest", async (request, reply) =>
    send(request, reply, request.t("Reset my password"), requestForm(request.t)),
  );

  app.post("/entry/passwordrequest", async (request: FastifyRequest<{ Body: { email?: string } }>, reply) => {
    const { t } = request;
    checkFormOrigin(request, context.config.siteUrl);
    const login = (request.body?.email ?? "").trim();
    if (!login)
      return send(
        request,
        reply,
        t("Reset my password"),
        requestForm(t, { email: [t("Email/Username is required.")] }),
        422,
      );
    await requestPasswordReset(context, login, context.origin.forMail());
    return send(
      request,
      reply,
      t("Reset my password"),
      message(
        t("Reset my password"),
        t("If an account matches, a password reset link is on its way to its email address."),
      ),
    );
  });

  const resetForm = (t: Translate, token: string, errors?: FormErrors) =>
    entryLayout(
      t("Reset my password"),
      html`${formErrorSummary(errors)}
        <form
          method="post"
          action="/entry/passwordreset/${encodeURIComponent(token)}"
          class="entryForm"
          novalidate
        >
          ${formField({ name: "password", label: t("New Password"), type: "password", required: true, autocomplete: "new-password", errors, minLength: 8, maxLength: 100 })}
          <button type="submit" class="button button-primary entryForm-submit">
            ${t("Save your password")}
          </button>
        </form>`,
    );

  app.get(
    "/entry/passwordreset/:token",
    async (request: FastifyRequest<{ Params: { token: string } }>, reply) =>
      send(request, reply, request.t("Reset my password"), resetForm(request.t, request.params.token)),
  );

  app.post(
    "/entry/passwordreset/:token",
    async (request: FastifyRequest<{ Params: { token: string }; Body: { password?: string } }>, reply) => {
      const { t } = request;
      checkFormOrigin(request, context.config.siteUrl);
      try {
        await resetPassword(context, request.params.token, request.body?.password ?? "");
        return send(
          request,
          reply,
          t("Reset my password"),
          message(
            t("Reset my password"),
            t("Your password has been changed."),
            html`<a href="/entry/signin">${t("Sign In")}</a>`,
          ),
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const errors: FormErrors = {};
        for (const item of error.toBody().errors ?? [{ field: "", message: error.message }]) {
          const field = item.field === "token" ? "" : item.field;
          errors[field] = [...(errors[field] ?? []), item.message];
        }
        return send(
          request,
          reply,
          t("Reset my password"),
          resetForm(t, request.params.token, errors),
          error.status,
        );
      }
    },
  );
}
