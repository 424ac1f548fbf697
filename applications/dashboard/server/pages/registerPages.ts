import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import { safeTarget } from "@library/server/http/safeTarget";
import { html } from "@library/server/pages/html";
import { INVITATION_ONLY_MESSAGE, registerUser, type RegistrationMethod } from "../auth/registration";
import { findPendingInvitation, INVALID_INVITATION_MESSAGE } from "../invitations/invitationCommands";
import { sessionClientOf, setSessionCookie } from "../auth/sessionCookie";
import { entryLayout, formErrorSummary, formField, type FormErrors } from "./entryForms";

interface RegisterForm {
  email?: string;
  name?: string;
  password?: string;
  passwordConfirm?: string;
  invitationCode?: string;
  Target?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function registerPage(t: Translate, target: string, values: RegisterForm, errors?: FormErrors) {
  // A form sent back only for its name or email keeps the passwords typed (they passed their checks): the member
  // changes the name and registers, instead of typing both passwords again.
  const keepsPasswords = errors !== undefined && !errors.password && !errors.passwordConfirm && !errors[""];
  const password = keepsPasswords ? (values.password ?? "") : "";
  const passwordConfirm = keepsPasswords ? (values.passwordConfirm ?? "") : "";
  return entryLayout(
    t("Register"),
    html`${formErrorSummary(errors)}
      <form method="post" action="/entry/register" class="entryForm" novalidate>
        <input type="hidden" name="Target" value="${target}" />
        ${
          values.invitationCode
            ? html`<input type="hidden" name="invitationCode" value="${values.invitationCode}" />`
            : ""
        }
        ${formField({ name: "email", label: t("Email"), type: "email", value: values.email ?? "", required: true, autocomplete: "email", errors, maxLength: 100 })}
        ${formField({ name: "name", label: t("Username"), value: values.name ?? "", required: true, autocomplete: "username", errors, maxLength: 50 })}
        ${formField({ name: "password", label: t("Password"), type: "password", value: password, required: true, autocomplete: "new-password", errors, minLength: 8, maxLength: 100 })}
        ${formField({ name: "passwordConfirm", label: t("Confirm Password"), type: "password", value: passwordConfirm, required: true, autocomplete: "new-password", errors, maxLength: 100 })}
        <button type="submit" class="button button-primary entryForm-submit">${t("Register")}</button>
      </form>
      <p class="entryPage-links">
        <span
          >${t("Already have an account?")}
          <a href="/entry/signin?Target=${encodeURIComponent(target)}">${t("Sign In")}</a></span
        >
      </p>`,
  );
}

/** Checks what the browser cannot be trusted to check, so the page can answer with every problem at once. */
function validate(t: Translate, form: RegisterForm): FormErrors {
  const errors: FormErrors = {};
  const add = (field: string, message: string) => (errors[field] = [...(errors[field] ?? []), message]);
  const email = (form.email ?? "").trim();
  const name = form.name ?? "";
  const password = form.password ?? "";
  if (!email) add("email", t("Email is required."));
  else if (!EMAIL_PATTERN.test(email)) add("email", t("Email is not valid."));
  if (!name.trim()) add("name", t("Username is required."));
  else if (name.length > 50) add("name", t("Username must be 50 characters or fewer."));
  if (password.length < 8) add("password", t("Password must be at least 8 characters."));
  if (password !== (form.passwordConfirm ?? "")) add("passwordConfirm", t("The passwords do not match."));
  return errors;
}

function errorsFromHttp(error: HttpError): FormErrors {
  const body = error.toBody();
  if (!body.errors?.length) return { "": [body.message] };
  const errors: FormErrors = {};
  for (const item of body.errors) errors[item.field] = [...(errors[item.field] ?? []), item.message];
  return errors;
}

export function registerPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get(
    "/entry/register",
    async (request: FastifyRequest<{ Querystring: { Target?: string; invitationCode?: string } }>, reply) => {
      const { t } = request;
      const target = safeTarget(request.query.Target);
      if (!request.viewer.isGuest) return reply.redirect(target);
      const code = typeof request.query.invitationCode === "string" ? request.query.invitationCode : "";
      const invitation = code ? await findPendingInvitation(context.db, code.slice(0, 100)) : undefined;
      const method = await context.settings.get<RegistrationMethod>("registration.method");
      const problem =
        code && !invitation
          ? INVALID_INVITATION_MESSAGE
          : !code && method === "invitation"
            ? INVITATION_ONLY_MESSAGE
            : null;
      const values = invitation ? { email: invitation.email, invitationCode: code } : {};
      return context.pages.send(request, reply, {
        title: t("Register"),
        body: registerPage(request.t, target, values, problem ? { "": [t(problem)] } : undefined),
        noIndex: true,
      });
    },
  );

  app.post("/entry/register", async (request: FastifyRequest<{ Body: RegisterForm }>, reply) => {
    const { t } = request;
    checkFormOrigin(request, context.config.siteUrl);
    const form = request.body ?? {};
    const target = safeTarget(form.Target);
    const errors = validate(request.t, form);
    if (Object.keys(errors).length > 0) {
      return context.pages.send(request, reply, {
        title: t("Register"),
        body: registerPage(request.t, target, form, errors),
        status: 422,
        noIndex: true,
      });
    }
    try {
      const result = await registerUser(
        context,
        request.viewer,
        {
          name: form.name ?? "",
          email: (form.email ?? "").trim(),
          password: form.password ?? "",
          ...(form.invitationCode ? { invitationCode: String(form.invitationCode).slice(0, 100) } : {}),
        },
        {
          siteUrl: context.origin.forMail(),
          ipAddress: request.ip,
          userAgent: sessionClientOf(request).userAgent ?? null,
        },
      );
      if (result.kind === "held") {
        const body = entryLayout(
          t("Register"),
          html`<p class="entryPage-message" role="status">
            ${t("Your application has been received. You will get an email once it is approved.")}
          </p>`,
        );
        return context.pages.send(request, reply, { title: t("Register"), body, status: 202, noIndex: true });
      }
      setSessionCookie(context, request, reply, result.sessionToken, false);
      return reply.redirect(target, 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return context.pages.send(request, reply, {
        title: t("Register"),
        body: registerPage(request.t, target, form, errorsFromHttp(error)),
        status: error.status,
        noIndex: true,
      });
    }
  });
}
