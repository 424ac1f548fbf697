import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { deleteSession } from "@library/server/auth/sessions";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import { safeTarget } from "@library/server/http/safeTarget";
import { html } from "@library/server/pages/html";
import { signInWithPassword } from "../auth/passwordSignIn";
import {
  clearSessionCookie,
  requestSessionToken,
  sessionClientOf,
  setSessionCookie,
} from "../auth/sessionCookie";
import { entryLayout, formErrorSummary, formField, type FormErrors } from "./entryForms";

interface SignInForm {
  username?: string;
  password?: string;
  persist?: string;
  twoFactorCode?: string;
  Target?: string;
}

function signInPage(t: Translate, target: string, values: SignInForm, errors?: FormErrors) {
  return entryLayout(
    t("Sign In"),
    html`${formErrorSummary(errors)}
      <form method="post" action="/entry/signin" class="entryForm" novalidate>
        <input type="hidden" name="Target" value="${target}" />
        ${formField({ name: "username", label: t("Email/Username"), value: values.username ?? "", required: true, autocomplete: "username", errors, maxLength: 100 })}
        ${formField({ name: "password", label: t("Password"), type: "password", required: true, autocomplete: "current-password", errors, maxLength: 100 })}
        ${
          errors?.twoFactorCode
            ? formField({
                name: "twoFactorCode",
                label: t("Authentication code"),
                required: true,
                autocomplete: "one-time-code",
                errors,
                maxLength: 20,
              })
            : ""
        }
        <div class="formGroup formGroup-checkbox">
          <input
            type="checkbox"
            id="entry-persist"
            name="persist"
            value="1"
            ${values.persist ? "checked" : ""}
          />
          <label for="entry-persist">${t("Keep me signed in")}</label>
        </div>
        <button type="submit" class="button button-primary entryForm-submit">${t("Sign In")}</button>
      </form>
      <p class="entryPage-links">
        <a href="/entry/passwordrequest">${t("Forgot your password?")}</a>
        <span
          >${t("Don't have an account?")}
          <a href="/entry/register?Target=${encodeURIComponent(target)}">${t("Register")}</a></span
        >
      </p>`,
  );
}

/** A refused sign-in as form errors: field errors (the authentication code) under their field, others on top. */
function errorsOf(error: unknown): FormErrors {
  if (!(error instanceof HttpError)) throw error;
  const items = error.toBody().errors ?? [];
  if (items.length === 0) return { "": [error.message] };
  const errors: FormErrors = {};
  for (const item of items) errors[item.field] = [...(errors[item.field] ?? []), item.message];
  return errors;
}

export function signInPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/entry/signin", async (request: FastifyRequest<{ Querystring: { Target?: string } }>, reply) => {
    const { t } = request;
    const target = safeTarget(request.query.Target);
    if (!request.viewer.isGuest) return reply.redirect(target);
    return context.pages.send(request, reply, {
      title: t("Sign In"),
      body: signInPage(request.t, target, {}),
      noIndex: true,
    });
  });

  app.post("/entry/signin", async (request: FastifyRequest<{ Body: SignInForm }>, reply: FastifyReply) => {
    const { t } = request;
    checkFormOrigin(request, context.config.siteUrl);
    const form = request.body ?? {};
    const target = safeTarget(form.Target);
    const username = (form.username ?? "").trim();
    const password = form.password ?? "";
    const missing: FormErrors = {};
    if (!username) missing.username = [t("Email/Username is required.")];
    if (!password) missing.password = [t("Password is required.")];
    if (Object.keys(missing).length > 0) {
      return context.pages.send(request, reply, {
        title: t("Sign In"),
        body: signInPage(request.t, target, form, missing),
        status: 422,
        noIndex: true,
      });
    }
    try {
      const persist = form.persist === "1";
      const { token } = await signInWithPassword(
        context,
        { username, password, persist, ...(form.twoFactorCode ? { twoFactorCode: form.twoFactorCode } : {}) },
        requestSessionToken(context, request),
        sessionClientOf(request),
      );
      setSessionCookie(context, request, reply, token, persist);
      return reply.redirect(target, 303);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      return context.pages.send(request, reply, {
        title: t("Sign In"),
        body: signInPage(request.t, target, form, errorsOf(error)),
        status,
        noIndex: true,
      });
    }
  });

  app.get("/entry/signout", async (request: FastifyRequest<{ Querystring: { Target?: string } }>, reply) => {
    const { t } = request;
    const target = safeTarget(request.query.Target);
    if (request.viewer.isGuest) return reply.redirect(target);
    const body = entryLayout(
      t("Sign Out"),
      html`<p class="entryPage-message">${t("Are you sure you want to sign out?")}</p>
        <form method="post" action="/entry/signout">
          <input type="hidden" name="Target" value="${target}" />
          <button type="submit" class="button button-primary entryForm-submit">${t("Sign Out")}</button>
        </form>`,
    );
    return context.pages.send(request, reply, { title: t("Sign Out"), body, noIndex: true });
  });

  app.post("/entry/signout", async (request: FastifyRequest<{ Body: { Target?: string } }>, reply) => {
    checkFormOrigin(request, context.config.siteUrl);
    const token = requestSessionToken(context, request);
    if (token) await deleteSession(context.db, token);
    clearSessionCookie(context, request, reply);
    return reply.redirect(safeTarget(request.body?.Target), 303);
  });
}
