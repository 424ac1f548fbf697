import {
  MeCountsSchema,
  MeSchema,
  PermissionsQuerySchema,
  PermissionsResponseSchema,
  UserIDParamsSchema,
} from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { FastifyInstance } from "fastify";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { listMeCounts } from "@library/server/users/meCounts";
import { presentMe } from "./mePresenter";
import { USER_ADMIN_PERMISSIONS } from "./usersPresenter";
import { getUserRow } from "./usersQueries";
import { viewerOfUser } from "./userViewers";

/** The current user, their menu counters, and permission sets (API.md 4.2). */
export function meRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get("/users/me", { schema: { response: { 200: MeSchema } } }, async (request, reply) => {
    void reply.header("Cache-Control", "no-cache");
    return presentMe(context, request.viewer);
  });

  routes.get("/users/me-counts", { schema: { response: { 200: MeCountsSchema } } }, async (request) => ({
    counts: await listMeCounts(context, request.viewer),
  }));

  routes.get(
    "/users/:id/permissions",
    {
      schema: {
        params: UserIDParamsSchema,
        querystring: PermissionsQuerySchema,
        response: { 200: PermissionsResponseSchema },
      },
    },
    async (request) => {
      const { viewer } = request;
      const expandJunctions = (request.query.expand ?? []).length > 0;
      if (request.params.id === viewer.userID) return viewer.toPermissionsResponse(expandJunctions);
      viewer.require(USER_ADMIN_PERMISSIONS);
      const row = await getUserRow(context.db, request.params.id);
      if (!row || row.deleted === 1) throw new NotFoundError("User");
      return (await viewerOfUser(context, row)).toPermissionsResponse(expandJunctions);
    },
  );
}
