import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { assertNotHigherThanEditor } from "./userEditGuards";
import { getUserRow } from "./usersQueries";

/**
 * The path parameter of a route pattern that names a user: `:id` right after `users` (`/users/:id/sessions`),
 * or any parameter called `…userID` (`/discussions/:id/reactions/:userID`). Null when the route names none.
 */
export function userParamOf(routePattern: string): string | null {
  const segments = routePattern.split("/");
  for (const [index, segment] of segments.entries()) {
    if (!segment.startsWith(":")) continue;
    const name = segment.slice(1);
    if (segments[index - 1] === "users" || /userid$/i.test(name)) return name;
  }
  return null;
}

/** Whether the rank rule applies to a route (method aside: every method on such a path acts on the user). */
export function isRankGuarded(routePattern: string, actsOnUser: boolean | undefined): boolean {
  return actsOnUser !== false && userParamOf(routePattern) !== null;
}

/**
 * The user id the route will act on, read exactly as the route's own validation will read it (so `0x1`, `+1`
 * or `1.0` cannot slip past as "not a number" and then be coerced to 1). Null when validation will refuse it.
 */
function targetUserID(request: FastifyRequest, name: string): number | null {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params || !(name in params)) return null;
  const validate = request.getValidationFunction("params");
  const copy = { ...params };
  if (validate && !validate(copy)) return null;
  const value = validate ? copy[name] : Number(params[name]);
  return typeof value === "number" && Number.isSafeInteger(value) ? value : null;
}

/**
 * API.md 4.2 for every route that acts on another user: a member may act only on a user who holds no
 * permission they lack, and only administrators act on administrators. Keyed on the matched route pattern, so
 * a new `/users/{id}/…` route is guarded without a line of its own; it answers 403 before validation, the
 * route's own checks, or any read of the target's records. Acting on oneself (`$me` included) is left to the
 * route; an unknown user is left to the route's 404.
 */
export function registerUserRankGuard(api: FastifyInstance, context: AppContext): void {
  api.addHook("preValidation", async (request) => {
    const pattern = request.routeOptions.url;
    if (!pattern || !isRankGuarded(pattern, request.routeOptions.config.actsOnUser)) return;
    const name = userParamOf(pattern);
    const userID = name === null ? null : targetUserID(request, name);
    if (userID === null || userID === request.viewer.userID) return;
    const target = await getUserRow(context.db, userID);
    if (!target) return;
    await assertNotHigherThanEditor(context, request.viewer, target);
  });
}
