import {
  RecoveryCodesSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from "@forum/api/twoFactor";
import { UserIDParamsSchema } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { otpauthUrl } from "@library/server/auth/totp";
import {
  confirmTwoFactorSetup,
  removeTwoFactor,
  replaceRecoveryCodes,
  startTwoFactorSetup,
  TWO_FACTOR_REQUIRED_FOR_ADMINS,
  twoFactorState,
  verifySecondFactor,
} from "@library/server/auth/twoFactor";
import { ConflictError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";

export const WRONG_CODE_MESSAGE = "That code is not right.";

/**
 * Two-factor authentication for one's own account (DECISION, beyond API.md): set up with an authenticator app,
 * confirm with a code (recovery codes are shown once), new recovery codes, turn off with a code. users.edit
 * resets it for a member who lost their device.
 */
export function twoFactorRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const wrongCode = () => ValidationError.field("code", WRONG_CODE_MESSAGE, "invalid");

  routes.get(
    "/users/me/two-factor",
    { schema: { response: { 200: TwoFactorStatusSchema } } },
    async (request) => {
      const { viewer } = request;
      viewer.require("session.valid");
      const state = await twoFactorState(context.db, viewer.userID);
      const required =
        viewer.has("site.manage") && context.settings.peek<boolean>(TWO_FACTOR_REQUIRED_FOR_ADMINS) === true;
      return { ...state, required };
    },
  );

  routes.post(
    "/users/me/two-factor/setup",
    { schema: { response: { 200: TwoFactorSetupSchema } } },
    async (request) => {
      const { viewer } = request;
      viewer.require("session.valid");
      if ((await twoFactorState(context.db, viewer.userID)).enabled)
        throw new ConflictError("Two-factor authentication is already on.");
      const secret = await startTwoFactorSetup(context.db, viewer.userID);
      const user = await context.db
        .selectFrom("users")
        .select(["name"])
        .where("userID", "=", viewer.userID)
        .executeTakeFirstOrThrow();
      const issuer = context.settings.peek<string>("garden.title");
      return { secret, otpauthUrl: otpauthUrl(issuer, user.name, secret) };
    },
  );

  routes.post(
    "/users/me/two-factor/enable",
    { schema: { body: TwoFactorCodeBodySchema, response: { 200: RecoveryCodesSchema } } },
    async (request) => {
      const { viewer } = request;
      viewer.require("session.valid");
      const codes = await confirmTwoFactorSetup(context.db, viewer.userID, request.body.code);
      if (!codes) throw wrongCode();
      return { recoveryCodes: codes };
    },
  );

  routes.post(
    "/users/me/two-factor/recovery-codes",
    { schema: { body: TwoFactorCodeBodySchema, response: { 200: RecoveryCodesSchema } } },
    async (request) => {
      const { viewer } = request;
      viewer.require("session.valid");
      if (!(await verifySecondFactor(context.db, viewer.userID, request.body.code))) throw wrongCode();
      return { recoveryCodes: await replaceRecoveryCodes(context.db, viewer.userID) };
    },
  );

  routes.delete(
    "/users/me/two-factor",
    { schema: { body: TwoFactorCodeBodySchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      const { viewer } = request;
      viewer.require("session.valid");
      if (!(await verifySecondFactor(context.db, viewer.userID, request.body.code))) throw wrongCode();
      await removeTwoFactor(context.db, viewer.userID);
      return reply.code(204).send();
    },
  );

  routes.delete(
    "/users/:id/two-factor",
    { schema: { params: UserIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      request.viewer.require("users.edit");
      if (!(await twoFactorState(context.db, request.params.id)).enabled)
        throw new NotFoundError("Two-factor setup");
      await removeTwoFactor(context.db, request.params.id);
      return reply.code(204).send();
    },
  );
}
