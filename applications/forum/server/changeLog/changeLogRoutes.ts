import { Type } from "@sinclair/typebox";
import { ChangeLogEntrySchema, ChangeLogIDParamsSchema, ChangeLogQuerySchema } from "@forum/api/changeLog";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { listChangeLog } from "./changeLogQueries";
import { restoreLogEntry } from "./changeLogRestore";

/** The change log: deletions and edits of discussions and comments, and restoring them (moderators). */
export function changeLogRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/log",
    { schema: { querystring: ChangeLogQuerySchema, response: { 200: Type.Array(ChangeLogEntrySchema) } } },
    async (request, reply) => {
      const { entries, page, limit } = await listChangeLog(context, request.viewer, request.query);
      setPagingHeaders(request, reply, { page, limit, count: entries.length }, context.config.siteUrl);
      return entries;
    },
  );

  routes.post("/log/:id/restore", { schema: { params: ChangeLogIDParamsSchema } }, async (request, reply) => {
    await restoreLogEntry(context, request.viewer, request.params.id);
    return reply.status(204).send();
  });
}
