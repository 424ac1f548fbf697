import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app/appContext";
import { ForbiddenError } from "../errors/httpErrors";
import { isApiRequest, routePath } from "../http/requestRoute";
import { TWO_FACTOR_REQUIRED_FOR_ADMINS, twoFactorState } from "./twoFactor";

export const TWO_FACTOR_REQUIRED_MESSAGE = "Administrators must turn on two-factor authentication first.";

/** What an administrator may still do before turning it on: set it up, and sign out. */
const ALLOWED = [
  /^\/api\/v2\/users\/me\/two-factor/,
  /^\/api\/v2\/authenticate\/signout$/,
  /^\/api\/v2\/sessions/,
];

/**
 * With `security.twoFactor.requiredForAdministrators` on, an administrator whose account has no second factor
 * can read but not change anything through the API until they turn it on.
 */
export function registerTwoFactorPolicy(app: FastifyInstance, context: AppContext): void {
  app.addHook("preHandler", async (request) => {
    if (request.method === "GET" || request.method === "HEAD" || !isApiRequest(request)) return;
    const viewer = request.viewer;
    if (!viewer || viewer.isGuest || !viewer.has("site.manage")) return;
    if (context.settings.peek<boolean>(TWO_FACTOR_REQUIRED_FOR_ADMINS) !== true) return;
    const path = routePath(request);
    if (ALLOWED.some((pattern) => pattern.test(path))) return;
    if (!(await twoFactorState(context.db, viewer.userID)).enabled)
      throw new ForbiddenError(TWO_FACTOR_REQUIRED_MESSAGE, "Open your account page to set it up.");
  });
}
