import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { deleteSession } from "@library/server/auth/sessions";
import { HttpError } from "@library/server/errors/httpErrors";
import { html } from "@library/server/pages/html";
import { signInWithPassword } from "../auth/passwordSignIn";
import { clearSessionCookie, requestSessionToken, setSessionCookie } from "../auth/sessionCookie";
import { entryLayout, formErrorSummary, formField, safeTarget, type FormErrors } from "./entryForms";

interface SignInForm {
  username?: string;
  password?: string;
  persist?: string;
  Target?: string;
}

function signInPage(target: string, values: SignInForm, errors?: FormErrors) {
  return entryLayout(
    "Sign In",
    html`${formErrorSummary(errors)}
      <form method="post" action="/entry/signin" class="entryForm" novalidate>
        <input type="hidden" name="Target" value="${target}" />
        ${formField({ name: "username", label: "Email/Username", value: values.username ?? "", required: true, autocomplete: "username", errors, maxLength: 100 })}
        ${formField({ name: "password", label: "Password", type: "password", required: true, autocomplete: "current-password", errors, maxLength: 100 })}
        <div class="formGroup formGroup-checkbox">
          <input
            type="checkbox"
            id="entry-persist"
            name="persist"
            value="1"
            ${values.persist ? "checked" : ""}
          />
          <label for="entry-persist">Keep me signed in</label>
        </div>
        <button type="submit" class="button button-primary entryForm-submit">Sign In</button>
      </form>
      <p class="entryPage-links">
        <a href="/entry/passwordrequest">Forgot your password?</a>
        <span
          >Don't have an account?
          <a href="/entry/register?Target=${encodeURIComponent(target)}">Register</a></span
        >
      </p>`,
  );
}

function errorsOf(error: unknown): FormErrors {
  if (error instanceof HttpError) return { "": [error.message] };
  throw error;
}

export function signInPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/entry/signin", async (request: FastifyRequest<{ Querystring: { Target?: string } }>, reply) => {
    const target = safeTarget(request.query.Target);
    if (!request.viewer.isGuest) return reply.redirect(target);
    return context.pages.send(request, reply, {
      title: "Sign In",
      body: signInPage(target, {}),
      noIndex: true,
    });
  });

  app.post("/entry/signin", async (request: FastifyRequest<{ Body: SignInForm }>, reply: FastifyReply) => {
    checkFormOrigin(request, context.config.siteUrl);
    const form = request.body ?? {};
    const target = safeTarget(form.Target);
    const username = (form.username ?? "").trim();
    const password = form.password ?? "";
    const missing: FormErrors = {};
    if (!username) missing.username = ["Email/Username is required."];
    if (!password) missing.password = ["Password is required."];
    if (Object.keys(missing).length > 0) {
      return context.pages.send(request, reply, {
        title: "Sign In",
        body: signInPage(target, form, missing),
        status: 422,
        noIndex: true,
      });
    }
    try {
      const persist = form.persist === "1";
      const { token } = await signInWithPassword(
        context,
        { username, password, persist },
        requestSessionToken(context, request),
      );
      setSessionCookie(context, request, reply, token, persist);
      return reply.redirect(target, 303);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      return context.pages.send(request, reply, {
        title: "Sign In",
        body: signInPage(target, form, errorsOf(error)),
        status,
        noIndex: true,
      });
    }
  });

  app.get("/entry/signout", async (request: FastifyRequest<{ Querystring: { Target?: string } }>, reply) => {
    const target = safeTarget(request.query.Target);
    if (request.viewer.isGuest) return reply.redirect(target);
    const body = entryLayout(
      "Sign Out",
      html`<p class="entryPage-message">Are you sure you want to sign out?</p>
        <form method="post" action="/entry/signout">
          <input type="hidden" name="Target" value="${target}" />
          <button type="submit" class="button button-primary entryForm-submit">Sign Out</button>
        </form>`,
    );
    return context.pages.send(request, reply, { title: "Sign Out", body, noIndex: true });
  });

  app.post("/entry/signout", async (request: FastifyRequest<{ Body: { Target?: string } }>, reply) => {
    checkFormOrigin(request, context.config.siteUrl);
    const token = requestSessionToken(context, request);
    if (token) await deleteSession(context.db, token);
    clearSessionCookie(context, request, reply);
    return reply.redirect(safeTarget(request.body?.Target), 303);
  });
}
