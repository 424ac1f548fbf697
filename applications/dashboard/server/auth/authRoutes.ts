import { EmptyObjectSchema } from "@forum/api/common";
import {
  ConfirmEmailBodySchema,
  ConfirmEmailResultSchema,
  MeSchema,
  PasswordResetBodySchema,
  PasswordResetResultSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  RequestPasswordBodySchema,
  SignInBodySchema,
  UserIDParamsSchema,
} from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { deleteSession } from "@library/server/auth/sessions";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import type { FastifyInstance } from "fastify";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { presentMe } from "../users/mePresenter";
import { confirmEmail, requestConfirmEmail } from "./emailConfirmation";
import { requestPasswordReset, resetPassword } from "./passwordReset";
import { signInWithPassword } from "./passwordSignIn";
import { registerUser } from "./registration";
import { clearSessionCookie, requestSessionToken, sessionClientOf, setSessionCookie } from "./sessionCookie";

/** Sign-in, sign-out, registration, password reset and email confirmation (API.md 3). */
export function authRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.post(
    "/authenticate/password",
    { schema: { body: SignInBodySchema, response: { 201: MeSchema } } },
    async (request, reply) => {
      const { userID, token } = await signInWithPassword(
        context,
        request.body,
        requestSessionToken(context, request),
        sessionClientOf(request),
      );
      const viewer = await viewerForUser(context, userID, token);
      if (!viewer) throw new Error(`User ${userID} vanished while signing in.`);
      setSessionCookie(context, request, reply, token, request.body.persist === true);
      return reply.code(201).send(await presentMe(context, viewer));
    },
  );

  routes.post(
    "/authenticate/signout",
    { schema: { response: { 204: NoBodySchema } } },
    async (request, reply) => {
      const token = requestSessionToken(context, request);
      if (token) await deleteSession(context.db, token);
      clearSessionCookie(context, request, reply);
      return reply.code(204).send();
    },
  );

  routes.post(
    "/users/register",
    { schema: { body: RegisterBodySchema, response: { 201: RegisterResultSchema, 202: EmptyObjectSchema } } },
    async (request, reply) => {
      const siteUrl = context.origin.forMail();
      const result = await registerUser(context, request.viewer, request.body, {
        siteUrl,
        ipAddress: request.ip,
        userAgent: sessionClientOf(request).userAgent ?? null,
      });
      if (result.kind === "held") return reply.code(202).send({});
      setSessionCookie(context, request, reply, result.sessionToken, false);
      return reply.code(201).send(result.user);
    },
  );

  routes.post(
    "/users/request-password",
    { schema: { body: RequestPasswordBodySchema, response: { 201: NoBodySchema } } },
    async (request, reply) => {
      await requestPasswordReset(context, request.body.email, context.origin.forMail());
      return reply.code(201).send();
    },
  );

  // DECISION (ours, not in API.md): the JSON call behind the reset-password page; the token comes from the
  // mailed link. 200 {userID}; 422 with field "token" when the token is unknown, used or expired.
  routes.post(
    "/users/password-reset",
    { schema: { body: PasswordResetBodySchema, response: { 200: PasswordResetResultSchema } } },
    async (request) => resetPassword(context, request.body.token, request.body.password),
  );

  routes.post(
    "/users/:id/confirm-email",
    {
      schema: {
        params: UserIDParamsSchema,
        body: ConfirmEmailBodySchema,
        response: { 200: ConfirmEmailResultSchema },
      },
      // The mailed code is the proof, whoever follows the link (often a guest).
      config: { actsOnUser: false },
    },
    async (request) => confirmEmail(context, request.params.id, request.body.confirmationCode),
  );

  routes.post(
    "/users/:id/request-confirm-email",
    { schema: { params: UserIDParamsSchema, response: { 201: EmptyObjectSchema } } },
    async (request, reply) => {
      const siteUrl = context.origin.forMail();
      await requestConfirmEmail(context, request.viewer, request.params.id, siteUrl);
      return reply.code(201).send({});
    },
  );
}
