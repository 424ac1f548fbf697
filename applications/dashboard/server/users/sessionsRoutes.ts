import { SessionIDParamsSchema, SessionSchema, SessionsDeleteQuerySchema } from "@forum/api/sessions";
import { UserIDParamsSchema } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { endOtherSessions, endSession, listSessions } from "@library/server/auth/sessionList";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { clearSessionCookie } from "../auth/sessionCookie";

function present(sessions: Awaited<ReturnType<typeof listSessions>>) {
  return sessions.map((session) => ({
    ...session,
    dateInserted: toApiDate(session.dateInserted),
    dateLastSeen: toApiDate(session.dateLastSeen),
    dateExpires: toApiDate(session.dateExpires),
  }));
}

/**
 * A member's signed-in browsers (DECISION, beyond API.md): list them, end one, or sign out everywhere else.
 * `users.edit` reads and ends another member's sessions (a stolen account).
 */
export function sessionsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get("/sessions", { schema: { response: { 200: Type.Array(SessionSchema) } } }, async (request) => {
    const { viewer } = request;
    viewer.require("session.valid");
    return present(await listSessions(context.db, viewer.userID, viewer.sessionToken));
  });

  routes.delete(
    "/sessions/:sessionID",
    { schema: { params: SessionIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      const { viewer } = request;
      viewer.require("session.valid");
      if (!(await endSession(context.db, viewer.userID, request.params.sessionID)))
        throw new NotFoundError("Session");
      return reply.code(204).send();
    },
  );

  routes.delete(
    "/sessions",
    { schema: { querystring: SessionsDeleteQuerySchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      const { viewer } = request;
      viewer.require("session.valid");
      const everywhere = request.query.includeCurrent === true;
      await endOtherSessions(context.db, viewer.userID, everywhere ? null : viewer.sessionToken);
      if (everywhere) clearSessionCookie(context, request, reply);
      return reply.code(204).send();
    },
  );

  const requireUser = async (userID: number) => {
    const user = await context.db
      .selectFrom("users")
      .select("userID")
      .where("userID", "=", userID)
      .executeTakeFirst();
    if (!user || userID === 0) throw new NotFoundError("User");
  };

  routes.get(
    "/users/:id/sessions",
    { schema: { params: UserIDParamsSchema, response: { 200: Type.Array(SessionSchema) } } },
    async (request) => {
      request.viewer.require("users.edit");
      await requireUser(request.params.id);
      return present(await listSessions(context.db, request.params.id, null));
    },
  );

  routes.delete(
    "/users/:id/sessions",
    { schema: { params: UserIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      request.viewer.require("users.edit");
      await requireUser(request.params.id);
      await endOtherSessions(context.db, request.params.id, null);
      return reply.code(204).send();
    },
  );
}
